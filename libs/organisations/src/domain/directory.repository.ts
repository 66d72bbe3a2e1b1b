import type { Business } from './business.js';
import type { Location } from './location.js';
import type { PlanTemplateLink } from './plan-template-link.js';

/** Writes of the organisation's directory: businesses, locations, plan template links. */
export abstract class DirectoryRepository {
  abstract findBusiness(organisationId: string, businessId: string): Promise<Business | null>;
  abstract add(entity: Business | Location | PlanTemplateLink): Promise<void>;
}
