import { Injectable } from '@nestjs/common';
import { Clock, DomainEvents } from '@app/shared/domain';
import { Member, type NewMember, type Registration } from '../domain/member.js';
import { EmailTakenError, MemberRepository } from '../domain/member.repository.js';
import { memberExists } from '../domain/membership.errors.js';

@Injectable()
export class RegisterMember {
  constructor(
    private readonly members: MemberRepository,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /** No look-up first: the unique index on `lower(email)` settles concurrent sign-ups with one email. */
  async execute(props: NewMember, registration: Registration): Promise<Member> {
    const member = Member.register(props, registration, this.clock.now());
    try {
      await this.events.transaction(async () => {
        await this.members.add(member);
        await this.events.record('member.created', member.createdByOrganisationId, member);
      });
    } catch (error) {
      if (error instanceof EmailTakenError) throw memberExists();
      throw error;
    }
    return member;
  }
}
