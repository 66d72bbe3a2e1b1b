import type { EventRenderers } from '@app/shared/domain';
import type { Business } from '../domain/business.js';
import type { Location } from '../domain/location.js';
import type { Organisation } from '../domain/organisation.js';
import { BusinessResponse } from './dto/business.response.js';
import { LocationResponse } from './dto/location.response.js';
import { OrganisationResponse } from './dto/organisation.response.js';

/** The `data` of this context's events: each resource as its GET answers it (a location without `expand`). */
export function renderOrganisationEvents(renderers: EventRenderers): void {
  renderers.register(['organisation.updated'], (organisation: Organisation) => OrganisationResponse.from(organisation));
  renderers.register(['business.updated'], (business: Business) => BusinessResponse.from(business));
  renderers.register(['location.created', 'location.updated'], (location: Location) => LocationResponse.from(location));
}
