import { Injectable } from '@nestjs/common';
import { ReadModel, SqlReader } from '@app/shared';
import { isUuid } from '@app/shared/domain';
import type { BookingSettings } from '../domain/booking-settings.js';
import { Business } from '../domain/business.js';
import { Location } from '../domain/location.js';
import { Organisation } from '../domain/organisation.js';
import { organisationNotFound } from '../domain/organisations.errors.js';

export const ORGANISATIONS = ReadModel.of(Organisation, 'o');
const BUSINESSES = ReadModel.of(Business, 'b');
const LOCATIONS = ReadModel.of(Location, 'l');

/** What other contexts (and the access guard) may ask of organisations and their directory. */
@Injectable()
export class OrganisationDirectory {
  /** A business never moves to another organisation, so its owner is cached once read. */
  private readonly ownerOfBusiness = new Map<string, string>();

  constructor(private readonly sql: SqlReader) {}

  /** Organisations are never removed, so one that exists is remembered (it saves a statement per list). */
  private readonly existing = new Set<string>();

  async assertExists(organisationId: string): Promise<void> {
    if (this.existing.has(organisationId)) return;
    if ((await this.sql.count(ORGANISATIONS, 'where o.id = $1', [organisationId])) === 0) throw organisationNotFound(organisationId);
    this.existing.add(organisationId);
  }

  /** The organisation that owns a business, or `null` when there is no such business. */
  async organisationIdOfBusiness(businessId: string): Promise<string | null> {
    if (!isUuid(businessId)) return null;
    const cached = this.ownerOfBusiness.get(businessId);
    if (cached) return cached;
    const business = await this.sql.first(BUSINESSES, 'where b.id = $1', [businessId]);
    if (business) this.ownerOfBusiness.set(businessId, business.organisationId);
    return business?.organisationId ?? null;
  }

  async locationExists(organisationId: string, locationId: string): Promise<boolean> {
    return (await this.missingLocationIds(organisationId, [locationId])).length === 0;
  }

  /** Those of `ids` that name no location of the organisation. */
  async missingLocationIds(organisationId: string, ids: readonly string[]): Promise<string[]> {
    const wellFormed = ids.filter(isUuid);
    const found = wellFormed.length ? await this.sql.select(LOCATIONS, 'where l.organisation_id = $1 and l.id = any($2)', [organisationId, wellFormed]) : [];
    const existing = new Set(found.map((location) => location.id));
    return ids.filter((id) => !existing.has(id));
  }

  async bookingSettings(organisationId: string): Promise<BookingSettings> {
    const organisation = await this.sql.first(ORGANISATIONS, 'where o.id = $1', [organisationId]);
    if (!organisation) throw organisationNotFound(organisationId);
    return organisation.bookingSettings;
  }

  /** The organisation an `org_…` id or a slug names, for public pages. */
  async findByIdOrSlug(idOrSlug: string): Promise<Organisation | null> {
    return this.sql.first(ORGANISATIONS, idOrSlug.startsWith('org_') ? 'where o.id = $1' : 'where o.slug = $1', [idOrSlug]);
  }
}
