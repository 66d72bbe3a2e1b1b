import type { Business } from '../../domain/business.js';
import type { Location } from '../../domain/location.js';
import type { Organisation } from '../../domain/organisation.js';
import { OrganisationRepository, SlugTakenError } from '../../domain/organisation.repository.js';
import type { PlanTemplateLink } from '../../domain/plan-template-link.js';
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

  async slugsLike(base: string): Promise<Set<string>> {
    const pattern = new RegExp(`^${base}(-\\d+)?$`);
    return new Set([...this.byId.values()].map((organisation) => organisation.slug).filter((slug) => pattern.test(slug)));
  }

  async add(organisation: Organisation): Promise<void> {
    if ([...this.byId.values()].some((stored) => stored.slug === organisation.slug)) throw new SlugTakenError();
    this.byId.set(organisation.id, organisation);
  }

  async save(organisation: Organisation): Promise<void> {
    this.saved.push(structuredClone(organisation));
  }
}

export class InMemoryDirectory extends DirectoryRepository {
  readonly added: (Business | Location | PlanTemplateLink)[] = [];

  constructor(private readonly businesses: Business[] = []) {
    super();
  }

  async findBusiness(organisationId: string, businessId: string): Promise<Business | null> {
    return this.businesses.find((business) => business.organisationId === organisationId && business.id === businessId) ?? null;
  }

  async add(entity: Business | Location | PlanTemplateLink): Promise<void> {
    this.added.push(entity);
  }
}

/**
 * Organisation reads over fixed organisations (the keys of `locationsOf`) and business owners (the
 * real queries read the database). Other contexts' specs use it: the queries are a concrete class, not a port.
 */
export class KnownOrganisations extends OrganisationQueries {
  constructor(
    private readonly locationsOf: Record<string, string[]>,
    /** Business id → the organisation that owns it. */
    private readonly businessOwners: Record<string, string> = {},
  ) {
    super(undefined as never);
  }

  override async assertExists(organisationId: string): Promise<void> {
    if (!Object.hasOwn(this.locationsOf, organisationId)) throw organisationNotFound(organisationId);
  }

  override async organisationIdOfBusiness(businessId: string): Promise<string | null> {
    return this.businessOwners[businessId] ?? null;
  }
}

/**
 * Directory reads over fixed organisations and their location ids (the real queries read the
 * database). Other contexts' specs use it: the queries are a concrete class, not a port.
 */
export class KnownLocations extends DirectoryQueries {
  constructor(private readonly locationIdsOf: Record<string, string[]>) {
    super(undefined as never, undefined as never);
  }

  override async locationExists(organisationId: string, locationId: string): Promise<boolean> {
    return (await this.missingLocationIds(organisationId, [locationId])).length === 0;
  }

  override async missingLocationIds(organisationId: string, ids: readonly string[]): Promise<string[]> {
    const known = this.locationIdsOf[organisationId] ?? [];
    return ids.filter((id) => !known.includes(id));
  }
}
