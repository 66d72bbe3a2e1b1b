import type { Caller } from '@app/shared';
import type { Member } from '../domain/member.js';

/** Reads of members: for this context's routes and use cases, and for other contexts by id. */
export abstract class MemberQueries {
  /**
   * A platform key sees every member. An organisation key sees the members it created and those
   * linked to one of its (not deleted) clients; any other member is a 404, so ids do not leak.
   */
  abstract get(caller: Caller, memberId: string): Promise<Member>;
  /** Whether `memberId` names a member the caller may see, and so link a client to. */
  abstract isVisible(caller: Caller, memberId: string): Promise<boolean>;
  /** Members by id for other contexts (who recorded a payment event). */
  abstract findByIds(ids: readonly string[]): Promise<Map<string, Member>>;
  /** The organisations that see the member (as `get` decides), in id order: whom a change to it is told to. */
  abstract organisationsSeeing(member: Member): Promise<string[]>;
}
