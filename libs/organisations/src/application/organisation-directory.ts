import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { SqlReader } from '@app/shared';
import { isUuid } from '@app/shared/domain';
import type { BookingSettings } from '../domain/booking-settings.js';
import { Business } from '../domain/business.js';
import { Location } from '../domain/location.js';
import { Organisation } from '../domain/organisation.js';
import { organisationNotFound } from '../domain/organisations.errors.js';

/** Bounds each in-process cache below, so memory stays flat however many ids are asked about. */
const MAX_REMEMBERED = 10_000;

/** What other contexts (and the access guard) may ask of organisations and their directory. */
@Injectable()
export class OrganisationDirectory {
  /**
   * A business never moves to another organisation, so its owner is cached once read: at most
   * `MAX_REMEMBERED` businesses, all forgotten when full (a miss costs one indexed lookup).
   */
  private readonly ownerOfBusiness = new Map<string, string>();

  constructor(
    private readonly em: EntityManager,
    private readonly sql: SqlReader,
  ) {}

  /**
   * Organisations are never removed, so one that exists is remembered (it saves a statement per
   * list): at most `MAX_REMEMBERED`, all forgotten when full. Unknown ids are not remembered.
   */
  private readonly existing = new Set<string>();

  async assertExists(organisationId: string): Promise<void> {
    if (this.existing.has(organisationId)) return;
    if ((await this.em.count(Organisation, { id: organisationId })) === 0) throw organisationNotFound(organisationId);
    if (this.existing.size >= MAX_REMEMBERED) this.existing.clear();
    this.existing.add(organisationId);
  }

  /** The organisation that owns a business, or `null` when there is no such business. */
  async organisationIdOfBusiness(businessId: string): Promise<string | null> {
    if (!isUuid(businessId)) return null;
    const cached = this.ownerOfBusiness.get(businessId);
    if (cached) return cached;
    const business = await this.em.findOne(Business, { id: businessId }, { fields: ['organisationId'] });
    if (business) {
      if (this.ownerOfBusiness.size >= MAX_REMEMBERED) this.ownerOfBusiness.clear();
      this.ownerOfBusiness.set(businessId, business.organisationId);
    }
    return business?.organisationId ?? null;
  }

  async locationExists(organisationId: string, locationId: string): Promise<boolean> {
    return (await this.missingLocationIds(organisationId, [locationId])).length === 0;
  }

  /** Those of `ids` that name no location of the organisation. */
  async missingLocationIds(organisationId: string, ids: readonly string[]): Promise<string[]> {
    const wellFormed = ids.filter(isUuid);
    const found = wellFormed.length ? await this.em.find(Location, { organisationId, id: { $in: wellFormed } }, { fields: ['id'] }) : [];
    const existing = new Set(found.map((location) => location.id));
    return ids.filter((id) => !existing.has(id));
  }

  async bookingSettings(organisationId: string): Promise<BookingSettings> {
    const organisation = await this.em.findOne(Organisation, { id: organisationId }, { fields: ['bookingSettings'] });
    if (!organisation) throw organisationNotFound(organisationId);
    return organisation.bookingSettings;
  }

  /** The organisation an `org_…` id or a slug names, for public pages. */
  async findByIdOrSlug(idOrSlug: string): Promise<Organisation | null> {
    const [organisation] = await this.sql.entities(Organisation, idOrSlug.startsWith('org_') ? 'where id = $1' : 'where slug = $1', [idOrSlug]);
    return organisation ?? null;
  }
}
