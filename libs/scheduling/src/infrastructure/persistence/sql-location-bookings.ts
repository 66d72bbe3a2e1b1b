import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { LocationBookings } from '@app/organisations';

/** Organisations' `LocationBookings` port, answered from the bookings table: one statement. */
@Injectable()
export class SqlLocationBookings extends LocationBookings {
  constructor(private readonly em: EntityManager) {
    super();
  }

  // On the caller's transaction, after it has locked the location. An index serves it, read from
  // `now` on until the first match: the organisation's confirmed bookings by date
  // (`bookings_confirmed_idx`), or its bookings at the location by date (`bookings_location_idx`).
  async hasUpcomingConfirmed(organisationId: string, locationId: string, now: Date): Promise<boolean> {
    const [row] = await this.em.execute<{ found: boolean }[]>(
      'select exists (select 1 from bookings b where b.organisation_id = ? and b.location_id = ? and b.service_date > ? and b.cancelled_at is null) as found',
      [organisationId, locationId, now],
    );
    return row.found;
  }
}
