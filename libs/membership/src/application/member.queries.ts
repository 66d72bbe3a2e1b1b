import { Injectable } from '@nestjs/common';
import { type Caller, ReadModel, SqlReader } from '@app/shared';
import { Client } from '../domain/client.js';
import { Member } from '../domain/member.js';
import { memberNotFound } from '../domain/membership.errors.js';

export const MEMBERS = ReadModel.of(Member, 'm');
const CLIENTS = ReadModel.of(Client, 'c');

@Injectable()
export class MemberQueries {
  constructor(private readonly sql: SqlReader) {}

  /**
   * A platform key sees every member. An organisation key sees the members it created and those
   * linked to one of its (not deleted) clients; any other member is a 404, so ids do not leak.
   */
  async get(caller: Caller, memberId: string): Promise<Member> {
    const member = await this.sql.first(MEMBERS, 'where m.id = $1', [memberId]);
    if (!member || !(await this.isVisibleTo(member, caller.organisationId))) throw memberNotFound(memberId);
    return member;
  }

  /** Whether `memberId` names a member the caller may see, and so link a client to. */
  async isVisible(caller: Caller, memberId: string): Promise<boolean> {
    const member = await this.sql.first(MEMBERS, 'where m.id = $1', [memberId]);
    return member !== null && (await this.isVisibleTo(member, caller.organisationId));
  }

  /** Members by id for other contexts (who recorded a payment event), in one statement. */
  async findByIds(ids: readonly string[]): Promise<Map<string, Member>> {
    const wellFormed = [...new Set(ids.filter((id) => id.startsWith('memb_')))];
    if (wellFormed.length === 0) return new Map();
    const members = await this.sql.select(MEMBERS, 'where m.id = any($1)', [wellFormed]);
    return new Map(members.map((member) => [member.id, member]));
  }

  /** The organisations that see the member (as `get` decides), in id order: whom a change to it is told to. */
  async organisationsSeeing(member: Member): Promise<string[]> {
    const linked = await this.sql.select(CLIENTS, 'where c.member_id = $1 and not c.deleted', [member.id]);
    const organisations = new Set(linked.map((client) => client.organisationId));
    if (member.createdByOrganisationId) organisations.add(member.createdByOrganisationId);
    return [...organisations].sort();
  }

  private async isVisibleTo(member: Member, organisationId: string | null): Promise<boolean> {
    if (organisationId === null || member.wasCreatedBy(organisationId)) return true;
    return (
      (await this.sql.count(CLIENTS, 'where c.organisation_id = $1 and c.member_id = $2 and not c.deleted', [
        organisationId,
        member.id,
      ])) > 0
    );
  }
}
