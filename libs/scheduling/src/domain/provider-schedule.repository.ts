import type { TimeOff } from './time-off.js';
import type { WorkingHours } from './working-hours.js';

/** Providers' working hours and time off: what availability is computed from, besides bookings. */
export abstract class ProviderScheduleRepository {
  /** Replaces all of the provider's working hours with `week`, in one transaction. */
  abstract replaceWeek(providerId: string, week: readonly WorkingHours[]): Promise<void>;
  abstract addTimeOff(timeOff: TimeOff): Promise<void>;
  /** `false` when the provider has no such time off. */
  abstract removeTimeOff(organisationId: string, providerId: string, timeOffId: string): Promise<boolean>;
}
