import { Injectable } from '@nestjs/common';
import { assertIfMatch, Clock, DomainEvents } from '@app/shared/domain';
import type { Member, MemberChanges } from '../domain/member.js';
import { EmailTakenError, MemberRepository } from '../domain/member.repository.js';
import { memberExists, memberNotFound } from '../domain/membership.errors.js';
import { MemberQueries } from './member.queries.js';

@Injectable()
export class ChangeMember {
  constructor(
    private readonly members: MemberRepository,
    private readonly queries: MemberQueries,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /**
   * Reads the member locked, checks `If-Match`, and writes only when something changed. The unique
   * index on `lower(email)` refuses an email another member has (409 `member_exists`). The change is
   * told to every organisation that sees the member (`member.updated`, one event each), or recorded
   * for the platform alone when none does.
   */
  async execute(memberId: string, changes: MemberChanges, ifMatch: string | undefined): Promise<Member> {
    try {
      return await this.events.transaction(async () => {
        const member = await this.members.findForChange(memberId);
        if (!member) throw memberNotFound(memberId);
        assertIfMatch(ifMatch, member.updatedAt);
        if (!member.update(changes, this.clock.now())) return member;
        await this.members.save(member);
        const organisations = await this.queries.organisationsSeeing(member);
        for (const organisationId of organisations.length ? organisations : [null])
          await this.events.record('member.updated', organisationId, member);
        return member;
      });
    } catch (error) {
      if (error instanceof EmailTakenError) throw memberExists();
      throw error;
    }
  }
}
