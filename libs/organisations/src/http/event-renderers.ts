import type { EventRenderers } from '@app/shared/domain';
import type { Organisation } from '../domain/organisation.js';
import { OrganisationResponse } from './dto/organisation.response.js';

/** The `data` of organisation events: the organisation as `GET /v1/organisations/{id}` answers it. */
export function renderOrganisationEvents(renderers: EventRenderers): void {
  renderers.register(['organisation.updated'], (organisation: Organisation) => OrganisationResponse.from(organisation));
}
