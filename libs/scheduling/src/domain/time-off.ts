import { invalidField, newUuid } from '@app/shared/domain';

export interface NewTimeOff {
  startsAt: Date;
  endsAt: Date;
  reason?: string | null;
}

/** A stretch of time (two instants) when a provider takes no bookings, wherever they work. */
export class TimeOff {
  id: string;
  organisationId: string;
  providerId: string;
  startsAt: Date;
  endsAt: Date;
  reason: string | null;
  createdAt: Date;

  static create(organisationId: string, providerId: string, props: NewTimeOff, now: Date): TimeOff {
    if (props.endsAt.getTime() <= props.startsAt.getTime())
      throw invalidField('endsAt', 'not_after_start', 'must be after startsAt');
    const timeOff = new TimeOff();
    timeOff.id = newUuid();
    timeOff.organisationId = organisationId;
    timeOff.providerId = providerId;
    timeOff.startsAt = props.startsAt;
    timeOff.endsAt = props.endsAt;
    timeOff.reason = props.reason ?? null;
    timeOff.createdAt = now;
    return timeOff;
  }
}
