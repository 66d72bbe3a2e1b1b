import type { Expansion } from '@app/shared';
import type { Page, PageRequest } from '@app/shared/domain';
import type { Business } from '../domain/business.js';
import type { Location } from '../domain/location.js';
import type { Organisation } from '../domain/organisation.js';
import type { PlanTemplateLink } from '../domain/plan-template-link.js';

export const LOCATION_EXPANSIONS = ['business', 'registrations', 'organisation'] as const;
export type LocationExpansion = (typeof LOCATION_EXPANSIONS)[number];

/** A location with the parts an expansion asked for (`registrations` is the location's own, shown or not). */
export interface LocationView {
  location: Location;
  expansion: Expansion<LocationExpansion>;
  business?: Business | null;
  organisation?: Organisation;
}

/**
 * Reads of an organisation's directory (businesses, locations, plan template links): its routes' lists,
 * newest first (or, given `updatedSince`, in the order of their changes), and gets; batched reads for
 * other contexts' expansions.
 */
export abstract class DirectoryQueries {
  abstract listBusinesses(organisationId: string, page: PageRequest): Promise<Page<Business>>;
  abstract listLocations(
    organisationId: string,
    page: PageRequest,
    expansion: Expansion<LocationExpansion>,
  ): Promise<Page<LocationView>>;
  abstract listPlanTemplateLinks(organisationId: string, page: PageRequest): Promise<Page<PlanTemplateLink>>;
  abstract getBusiness(organisationId: string, businessId: string): Promise<Business>;
  abstract getLocation(
    organisationId: string,
    locationId: string,
    expansion: Expansion<LocationExpansion>,
  ): Promise<LocationView>;
  abstract getPlanTemplateLink(organisationId: string, linkId: string): Promise<PlanTemplateLink>;
  /** The organisation's locations with these ids: lists of bookings and providers call this on every page. */
  abstract locations(organisationId: string, ids: readonly string[]): Promise<Map<string, Location>>;
  /** The businesses with these ids. */
  abstract businesses(ids: readonly string[]): Promise<Map<string, Business>>;
  /** Every location of the organisation, oldest first. */
  abstract locationsOf(organisationId: string): Promise<Location[]>;
  /** Every business of the organisation, oldest first. */
  abstract businessesOf(organisationId: string): Promise<Business[]>;
  /** Those of `ids` that name no location of the organisation. */
  abstract missingLocationIds(organisationId: string, ids: readonly string[]): Promise<string[]>;

  async locationExists(organisationId: string, locationId: string): Promise<boolean> {
    return (await this.missingLocationIds(organisationId, [locationId])).length === 0;
  }

  /** The organisation's location with its business (`null` when there is no such location). */
  async locationWithBusiness(
    organisationId: string,
    locationId: string,
  ): Promise<{ location: Location; business: Business | null } | null> {
    const location = (await this.locations(organisationId, [locationId])).get(locationId);
    if (!location) return null;
    return { location, business: (await this.businesses([location.businessId])).get(location.businessId) ?? null };
  }
}
