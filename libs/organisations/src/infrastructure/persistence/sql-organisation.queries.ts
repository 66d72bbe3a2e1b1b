import { Injectable } from '@nestjs/common';
import type { Caller } from '@app/shared';
import { listWindow, ReadModel, SqlParams, SqlReader } from '@app/shared/sql';
import { isUuid, type Page, type PageRequest } from '@app/shared/domain';
import type { BookingSettings } from '../../domain/booking-settings.js';
import { Business } from '../../domain/business.js';
import { Organisation } from '../../domain/organisation.js';
import { organisationNotFound } from '../../domain/organisations.errors.js';
import { OrganisationQueries } from '../../application/organisation.queries.js';

export const ORGANISATIONS = ReadModel.of(Organisation, 'o');
const BUSINESSES = ReadModel.of(Business, 'b');
/** Bounds each in-process cache of this context's reads, so memory stays flat however many ids are asked about. */
export const MAX_REMEMBERED = 10_000;

/** `OrganisationQueries` on PostgreSQL, remembering what cannot change. */
@Injectable()
export class SqlOrganisationQueries extends OrganisationQueries {
  /**
   * Organisations are never removed, so one that exists is remembered (it saves a statement per
   * list): at most `MAX_REMEMBERED`, all forgotten when full. Unknown ids are not remembered.
   */
  private readonly existing = new Set<string>();
  /**
   * A business never moves to another organisation, so its owner is cached once read: at most
   * `MAX_REMEMBERED` businesses, all forgotten when full (a miss costs one indexed lookup).
   */
  private readonly ownerOfBusiness = new Map<string, string>();

  constructor(private readonly sql: SqlReader) {
    super();
  }

  async list(caller: Caller, page: PageRequest): Promise<Page<Organisation>> {
    const params = new SqlParams();
    const own = caller.organisationId ? `o.id = ${params.add(caller.organisationId)}` : 'true';
    const window = listWindow('o', page, 'o.created_at desc, o.id desc', params);
    return this.sql.page(ORGANISATIONS, `where ${own}${window.condition}`, window.orderBy, params, page);
  }

  async get(organisationId: string): Promise<Organisation> {
    const organisation = await this.sql.first(ORGANISATIONS, 'where o.id = $1', [organisationId]);
    if (!organisation) throw organisationNotFound(organisationId);
    return organisation;
  }

  async assertExists(organisationId: string): Promise<void> {
    if (this.existing.has(organisationId)) return;
    if ((await this.sql.count(ORGANISATIONS, 'where o.id = $1', [organisationId])) === 0)
      throw organisationNotFound(organisationId);
    if (this.existing.size >= MAX_REMEMBERED) this.existing.clear();
    this.existing.add(organisationId);
  }

  async organisationIdOfBusiness(businessId: string): Promise<string | null> {
    if (!isUuid(businessId)) return null;
    return this.ownerOfBusiness.get(businessId) ?? this.lookUpOwner(businessId);
  }

  /**
   * Whether the organisation owns the business: from memory only when it does. Any other business,
   * another organisation's or none, costs the same lookup, so the answer's time tells nothing.
   */
  async ownsBusiness(organisationId: string, businessId: string): Promise<boolean> {
    if (!isUuid(businessId)) return false;
    if (this.ownerOfBusiness.get(businessId) === organisationId) return true;
    return (await this.lookUpOwner(businessId)) === organisationId;
  }

  private async lookUpOwner(businessId: string): Promise<string | null> {
    const business = await this.sql.first(BUSINESSES, 'where b.id = $1', [businessId]);
    if (business) {
      if (this.ownerOfBusiness.size >= MAX_REMEMBERED) this.ownerOfBusiness.clear();
      this.ownerOfBusiness.set(businessId, business.organisationId);
    }
    return business?.organisationId ?? null;
  }

  async bookingSettings(organisationId: string): Promise<BookingSettings> {
    return (await this.get(organisationId)).bookingSettings;
  }

  findByIdOrSlug(idOrSlug: string): Promise<Organisation | null> {
    return this.sql.first(ORGANISATIONS, idOrSlug.startsWith('org_') ? 'where o.id = $1' : 'where o.slug = $1', [
      idOrSlug,
    ]);
  }
}
