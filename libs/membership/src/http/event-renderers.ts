import type { EventRenderers } from '@app/shared/domain';
import type { ClientView } from '../application/client.queries.js';
import type { Member } from '../domain/member.js';
import { ClientResponse } from './dto/client.response.js';
import { MemberResponse } from './dto/member.response.js';

/** The `data` of member and client events: each as its GET answers it. */
export function renderMembershipEvents(renderers: EventRenderers): void {
  renderers.register(['member.created', 'member.updated'], (member: Member) => MemberResponse.from(member));
  renderers.register(['client.created', 'client.updated', 'client.deleted'], (client: ClientView) =>
    ClientResponse.from(client),
  );
}
