import type { Member } from './member.js';

export abstract class MemberRepository {
  /** Inserts the member at once; an email another member has (ignoring case) fails with `EmailTakenError`. */
  abstract add(member: Member): Promise<void>;
  /** The member, locked until the running transaction ends so that concurrent changes to it queue; `null` when there is none. */
  abstract findForChange(memberId: string): Promise<Member | null>;
  /** Writes the member's changes at once; an email another member has (ignoring case) fails with `EmailTakenError`. */
  abstract save(member: Member): Promise<void>;
}

export class EmailTakenError extends Error {}
