import type { AppointmentType } from './appointment-type.js';

export abstract class AppointmentTypeRepository {
  abstract findById(organisationId: string, id: string): Promise<AppointmentType | null>;
  /** The type with its row locked until the running transaction ends: changes of one type queue. */
  abstract lockById(organisationId: string, id: string): Promise<AppointmentType | null>;
  abstract add(type: AppointmentType): Promise<void>;
  abstract save(type: AppointmentType): Promise<void>;
}
