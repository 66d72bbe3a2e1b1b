import { Injectable } from '@nestjs/common';
import { type Caller, listWindow, ReadModel, SqlReader } from '@app/shared';
import { isUuid, offsetOf, type Page, type PageRequest, pageOf } from '@app/shared/domain';
import type { BookingSettings } from '../domain/booking-settings.js';
import { Business } from '../domain/business.js';
import { Organisation } from '../domain/organisation.js';
import { organisationNotFound } from '../domain/organisations.errors.js';

export const ORGANISATIONS = ReadModel.of(Organisation, 'o');
const BUSINESSES = ReadModel.of(Business, 'b');
/** Bounds each in-process cache below, so memory stays flat however many ids are asked about. */
const MAX_REMEMBERED = 10_000;

/** Reads of organisations: the routes' lists and gets, and what other contexts and the access guard ask. */
export abstract class OrganisationQueries {
  /** A platform key sees every organisation; an organisation key only its own. */
  abstract list(caller: Caller, page: PageRequest): Promise<Page<Organisation>>;
  abstract get(organisationId: string): Promise<Organisation>;
  /** Throws the organisation's 404 when there is no such organisation. */
  abstract assertExists(organisationId: string): Promise<void>;
  /** The organisation that owns a business, or `null` when there is no such business. */
  abstract organisationIdOfBusiness(businessId: string): Promise<string | null>;
  /** Whether the organisation owns the business, in the same time for another organisation's business as for none. */
  abstract ownsBusiness(organisationId: string, businessId: string): Promise<boolean>;
  abstract bookingSettings(organisationId: string): Promise<BookingSettings>;
  /** The organisation an `org_…` id or a slug names, for public pages. */
  abstract findByIdOrSlug(idOrSlug: string): Promise<Organisation | null>;
}

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
    const [own, ownValues] = caller.organisationId ? ['o.id = $1', [caller.organisationId]] : ['true', []];
    const window = listWindow('o', page, 'o.created_at desc, o.id desc', ownValues.length + 1);
    const where = `where ${own}${window.condition}`;
    const values = [...ownValues, ...window.params];
    const [items, total] = await Promise.all([
      this.sql.select(
        ORGANISATIONS,
        `${where} order by ${window.orderBy} limit $${values.length + 1} offset $${values.length + 2}`,
        [...values, page.limit, offsetOf(page)],
      ),
      this.sql.count(ORGANISATIONS, where, values),
    ]);
    return pageOf(items, total, page);
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
