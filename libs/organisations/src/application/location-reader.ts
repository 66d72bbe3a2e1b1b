import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Business } from '../domain/business.js';
import { Location } from '../domain/location.js';

/** Batched reads of locations and their businesses, for lists and other contexts' expansions. */
@Injectable()
export class LocationReader {
  constructor(private readonly em: EntityManager) {}

  /** The organisation's locations with these ids, in one statement. */
  async locations(organisationId: string, ids: readonly string[]): Promise<Map<string, Location>> {
    if (ids.length === 0) return new Map();
    const locations = await this.em.find(Location, { organisationId, id: { $in: [...new Set(ids)] } });
    return new Map(locations.map((location) => [location.id, location]));
  }

  /** The businesses with these ids, in one statement. */
  async businesses(ids: readonly string[]): Promise<Map<string, Business>> {
    if (ids.length === 0) return new Map();
    const businesses = await this.em.find(Business, { id: { $in: [...new Set(ids)] } });
    return new Map(businesses.map((business) => [business.id, business]));
  }

  /** Every location of the organisation, oldest first. */
  allOf(organisationId: string): Promise<Location[]> {
    return this.em.find(Location, { organisationId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** Every business of the organisation, oldest first. */
  businessesOf(organisationId: string): Promise<Business[]> {
    return this.em.find(Business, { organisationId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }
}
