import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Caller } from '@app/shared';
import { Client } from '../domain/client.js';
import { Member } from '../domain/member.js';
import { memberNotFound } from '../domain/membership.errors.js';

@Injectable()
export class MemberQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * A platform key sees every member. An organisation key sees the members it created and those
   * linked to one of its (not deleted) clients; any other member is a 404, so ids do not leak.
   */
  async get(caller: Caller, memberId: string): Promise<Member> {
    const member = await this.em.findOne(Member, { id: memberId });
    if (!member || !(await this.isVisibleTo(member, caller.organisationId))) throw memberNotFound(memberId);
    return member;
  }

  /** Whether `memberId` names a member the caller may see, and so link a client to. */
  async isVisible(caller: Caller, memberId: string): Promise<boolean> {
    const member = await this.em.findOne(Member, { id: memberId });
    return member !== null && (await this.isVisibleTo(member, caller.organisationId));
  }

  private async isVisibleTo(member: Member, organisationId: string | null): Promise<boolean> {
    if (organisationId === null || member.wasCreatedBy(organisationId)) return true;
    return (await this.em.count(Client, { organisationId, memberId: member.id, deleted: false })) > 0;
  }
}
