import { IntersectionType } from '@nestjs/swagger';
import { ListQueryParam, PageQuery } from '@app/shared';
import { LOCATION_EXPANSIONS, type LocationExpansion } from '../../application/directory.queries.js';

export class LocationExpandQuery {
  @ListQueryParam(
    LOCATION_EXPANSIONS,
    'Parts to include: the owning business, the Medicare and PHI registrations with the claiming terminals (`terminalIds`), the organisation.',
    ['business'],
  )
  expand?: LocationExpansion[];
}

export class ListLocationsQuery extends IntersectionType(PageQuery, LocationExpandQuery) {}
