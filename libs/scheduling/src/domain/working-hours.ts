import { type FieldError, newUuid, validationFailed } from '@app/shared/domain';

/** `HH:MM`, 00:00 to 23:59: a wall-clock time of the location's zone. */
const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface WorkingHoursInput {
  locationId: string;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

/** One weekly stretch a provider works at a location, in the location's wall-clock time. */
export class WorkingHours {
  id: string;
  organisationId: string;
  providerId: string;
  locationId: string;
  dayOfWeek: number;
  startTime: string;
  endTime: string;

  static create(organisationId: string, providerId: string, input: WorkingHoursInput): WorkingHours {
    const hours = new WorkingHours();
    hours.id = newUuid();
    hours.organisationId = organisationId;
    hours.providerId = providerId;
    hours.locationId = input.locationId;
    hours.dayOfWeek = input.dayOfWeek;
    hours.startTime = input.startTime;
    hours.endTime = input.endTime;
    return hours;
  }
}

/**
 * A provider's whole week, checked as one: each stretch starts before it ends, and no two stretches
 * of one day overlap, wherever they are (a provider is in one place at a time). Every fault is
 * reported, each under its item's path.
 */
export function weekOfWorkingHours(
  organisationId: string,
  providerId: string,
  items: readonly WorkingHoursInput[],
): WorkingHours[] {
  const errors: FieldError[] = [];
  items.forEach((item, index) => {
    if (!WALL_TIME.test(item.startTime))
      errors.push({
        field: `items[${index}].startTime`,
        code: 'invalid_format',
        message: 'must be a time as HH:MM, 00:00 to 23:59',
      });
    if (!WALL_TIME.test(item.endTime))
      errors.push({
        field: `items[${index}].endTime`,
        code: 'invalid_format',
        message: 'must be a time as HH:MM, 00:00 to 23:59',
      });
    else if (WALL_TIME.test(item.startTime) && item.startTime >= item.endTime) {
      errors.push({ field: `items[${index}].endTime`, code: 'not_after_start', message: 'must be after startTime' });
    }
  });
  if (errors.length === 0) {
    items.forEach((item, index) => {
      const clash = items.findIndex(
        (other, otherIndex) =>
          otherIndex < index &&
          other.dayOfWeek === item.dayOfWeek &&
          other.startTime < item.endTime &&
          item.startTime < other.endTime,
      );
      if (clash >= 0)
        errors.push({
          field: `items[${index}]`,
          code: 'overlapping_hours',
          message: `overlaps items[${clash}] on the same day`,
        });
    });
  }
  if (errors.length) throw validationFailed(errors);
  return items.map((item) => WorkingHours.create(organisationId, providerId, item));
}
