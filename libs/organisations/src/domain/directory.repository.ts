import type { Business } from './business.js';
import type { Location } from './location.js';
import type { PlanTemplateLink } from './plan-template-link.js';

/** Writes of the organisation's directory: businesses, locations, plan template links. */
export abstract class DirectoryRepository {
  abstract findBusiness(organisationId: string, businessId: string): Promise<Business | null>;
  /** The organisation's business, locked against other changes until the running transaction ends; `null` when it has no such business. */
  abstract lockBusiness(organisationId: string, businessId: string): Promise<Business | null>;
  /** The organisation's location, locked as `lockBusiness` locks a business. */
  abstract lockLocation(organisationId: string, locationId: string): Promise<Location | null>;
  abstract findPlanTemplateLink(organisationId: string, linkId: string): Promise<PlanTemplateLink | null>;
  abstract add(entity: Business | Location | PlanTemplateLink): Promise<void>;
  abstract save(entity: Business | Location): Promise<void>;
  /** Removes the organisation's link; whether there was one to remove. */
  abstract removePlanTemplateLink(organisationId: string, linkId: string): Promise<boolean>;
}
