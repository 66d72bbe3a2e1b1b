import { Injectable } from '@nestjs/common';
import { ReadModel, SqlReader } from '@app/shared';
import { Business } from '../domain/business.js';
import { Location } from '../domain/location.js';

export const LOCATIONS = ReadModel.of(Location, 'l');
const BUSINESSES = ReadModel.of(Business, 'b');

/** Batched reads of locations and their businesses, for lists and other contexts' expansions. */
@Injectable()
export class LocationReader {
  constructor(private readonly sql: SqlReader) {}

  /** The organisation's locations with these ids, in one statement: lists of bookings and providers call this on every page. */
  async locations(organisationId: string, ids: readonly string[]): Promise<Map<string, Location>> {
    if (ids.length === 0) return new Map();
    const locations = await this.sql.select(LOCATIONS, 'where l.organisation_id = $1 and l.id = any($2)', [organisationId, [...new Set(ids)]]);
    return new Map(locations.map((location) => [location.id, location]));
  }

  /** The businesses with these ids, in one statement. */
  async businesses(ids: readonly string[]): Promise<Map<string, Business>> {
    if (ids.length === 0) return new Map();
    const businesses = await this.sql.select(BUSINESSES, 'where b.id = any($1)', [[...new Set(ids)]]);
    return new Map(businesses.map((business) => [business.id, business]));
  }

  /** Every location of the organisation, oldest first. */
  allOf(organisationId: string): Promise<Location[]> {
    return this.sql.select(LOCATIONS, 'where l.organisation_id = $1 order by l.created_at, l.id', [organisationId]);
  }

  /** Every business of the organisation, oldest first. */
  businessesOf(organisationId: string): Promise<Business[]> {
    return this.sql.select(BUSINESSES, 'where b.organisation_id = $1 order by b.created_at, b.id', [organisationId]);
  }
}
