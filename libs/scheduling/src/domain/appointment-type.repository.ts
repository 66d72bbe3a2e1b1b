import type { AppointmentType } from './appointment-type.js';

export abstract class AppointmentTypeRepository {
  abstract findById(organisationId: string, id: string): Promise<AppointmentType | null>;
  abstract add(type: AppointmentType): Promise<void>;
}
