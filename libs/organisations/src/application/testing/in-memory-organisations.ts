import { Business } from '../../domain/business.js';
import { Location } from '../../domain/location.js';
import { LocationBookings } from '../../domain/location-bookings.js';
import type { Organisation } from '../../domain/organisation.js';
import { OrganisationRepository, SlugTakenError } from '../../domain/organisation.repository.js';
import { PlanTemplateLink } from '../../domain/plan-template-link.js';
import { DirectoryRepository } from '../../domain/directory.repository.js';
import { organisationNotFound } from '../../domain/organisations.errors.js';
import { DirectoryQueries } from '../directory.queries.js';
import { OrganisationQueries } from '../organisation.queries.js';

/** Behaves like the organisations table: a taken slug fails the insert. */
export class InMemoryOrganisations extends OrganisationRepository {
  readonly byId = new Map<string, Organisation>();
  readonly saved: Organisation[] = [];

  async findById(id: string): Promise<Organisation | null> {
    return this.byId.get(id) ?? null;
  }

  lock(id: string): Promise<Organisation | null> {
    return this.findById(id);
  }

  async slugsLike(base: string): Promise<Set<string>> {
    const pattern = new RegExp(`^${base}(-\\d+)?$`);
    return new Set(
      [...this.byId.values()].map((organisation) => organisation.slug).filter((slug) => pattern.test(slug)),
    );
  }

  async add(organisation: Organisation): Promise<void> {
    if ([...this.byId.values()].some((stored) => stored.slug === organisation.slug)) throw new SlugTakenError();
    this.byId.set(organisation.id, organisation);
  }

  async save(organisation: Organisation): Promise<void> {
    this.saved.push(structuredClone(organisation));
  }
}

/** The directory's rows in memory: `added` and `saved` in the order written, what is held found by its organisation and id. */
export class InMemoryDirectory extends DirectoryRepository {
  readonly added: (Business | Location | PlanTemplateLink)[] = [];
  readonly saved: (Business | Location)[] = [];

  constructor(private readonly held: (Business | Location | PlanTemplateLink)[] = []) {
    super();
  }

  async findBusiness(organisationId: string, businessId: string): Promise<Business | null> {
    return this.find(Business, organisationId, businessId);
  }

  async lockBusiness(organisationId: string, businessId: string): Promise<Business | null> {
    return this.find(Business, organisationId, businessId);
  }

  async lockLocation(organisationId: string, locationId: string): Promise<Location | null> {
    return this.find(Location, organisationId, locationId);
  }

  async findPlanTemplateLink(organisationId: string, linkId: string): Promise<PlanTemplateLink | null> {
    return this.find(PlanTemplateLink, organisationId, linkId);
  }

  async add(entity: Business | Location | PlanTemplateLink): Promise<void> {
    this.added.push(entity);
  }

  async save(entity: Business | Location): Promise<void> {
    this.saved.push(structuredClone(entity));
  }

  async removePlanTemplateLink(organisationId: string, linkId: string): Promise<boolean> {
    const link = await this.findPlanTemplateLink(organisationId, linkId);
    if (link) this.held.splice(this.held.indexOf(link), 1);
    return link !== null;
  }

  private find<T extends Business | Location | PlanTemplateLink>(
    type: abstract new () => T,
    organisationId: string,
    id: string,
  ): T | null {
    return (
      (this.held.find(
        (entity) => entity instanceof type && entity.organisationId === organisationId && entity.id === id,
      ) as T | undefined) ?? null
    );
  }
}

/** Upcoming bookings at the locations named. */
export class KnownLocationBookings extends LocationBookings {
  constructor(private readonly locationsWithUpcoming: string[] = []) {
    super();
  }

  async hasUpcomingConfirmed(_organisationId: string, locationId: string): Promise<boolean> {
    return this.locationsWithUpcoming.includes(locationId);
  }
}

const unread = (): never => {
  throw new Error('Not read by the specs that use this fake');
};

/**
 * Organisation reads over fixed organisations (the keys of `locationsOf`) and business owners (the
 * real queries read the database), for the checks use cases make before they write.
 */
export class KnownOrganisations extends OrganisationQueries {
  constructor(
    private readonly locationsOf: Record<string, string[]>,
    /** Business id → the organisation that owns it. */
    private readonly businessOwners: Record<string, string> = {},
  ) {
    super();
  }

  async assertExists(organisationId: string): Promise<void> {
    if (!Object.hasOwn(this.locationsOf, organisationId)) throw organisationNotFound(organisationId);
  }

  async organisationIdOfBusiness(businessId: string): Promise<string | null> {
    return this.businessOwners[businessId] ?? null;
  }

  async ownsBusiness(organisationId: string, businessId: string): Promise<boolean> {
    return (await this.organisationIdOfBusiness(businessId)) === organisationId;
  }

  list(): never {
    return unread();
  }

  get(): never {
    return unread();
  }

  bookingSettings(): never {
    return unread();
  }

  findByIdOrSlug(): never {
    return unread();
  }
}

/**
 * Directory reads over fixed organisations and their location ids (the real queries read the
 * database), for the checks use cases make before they write. Every location is in `timeZone`.
 */
export class KnownLocations extends DirectoryQueries {
  constructor(
    private readonly locationIdsOf: Record<string, string[]>,
    private readonly timeZone = 'Australia/Sydney',
  ) {
    super();
  }

  listBusinesses(): never {
    return unread();
  }

  listLocations(): never {
    return unread();
  }

  listPlanTemplateLinks(): never {
    return unread();
  }

  getBusiness(): never {
    return unread();
  }

  getLocation(): never {
    return unread();
  }

  getPlanTemplateLink(): never {
    return unread();
  }

  /** Each known location with its id, organisation and time zone, and nothing else of note (no address, no business). */
  async locations(organisationId: string, ids: readonly string[]): Promise<Map<string, Location>> {
    const known = this.locationIdsOf[organisationId] ?? [];
    const located = ids.filter((id) => known.includes(id)).map((id) => this.locationOf(organisationId, id));
    return new Map(located.map((location) => [location.id, location]));
  }

  private locationOf(organisationId: string, id: string): Location {
    const nowhere = {
      line1: null,
      line2: null,
      suburb: null,
      city: null,
      state: null,
      postcode: null,
      country: null,
      countryCode: null,
    };
    return Object.assign(new Location(), {
      id,
      organisationId,
      businessId: '',
      name: `Location ${id}`,
      timeZone: this.timeZone,
      address: nowhere,
      email: null,
      suggestedTaxIdentifier: null,
      bookingCustomText: null,
      registrations: [],
      terminalIds: [],
      createdAt: new Date(0),
      updatedAt: new Date(0),
    });
  }

  businesses(): never {
    return unread();
  }

  locationsOf(): never {
    return unread();
  }

  businessesOf(): never {
    return unread();
  }

  async missingLocationIds(organisationId: string, ids: readonly string[]): Promise<string[]> {
    const known = this.locationIdsOf[organisationId] ?? [];
    return ids.filter((id) => !known.includes(id));
  }
}
