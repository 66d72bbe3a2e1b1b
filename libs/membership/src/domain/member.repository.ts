import type { Member } from './member.js';

export abstract class MemberRepository {
  /** Inserts the member at once; an email another member has (ignoring case) fails with `EmailTakenError`. */
  abstract add(member: Member): Promise<void>;
}

export class EmailTakenError extends Error {}
