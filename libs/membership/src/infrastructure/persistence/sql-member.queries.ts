import { Injectable } from '@nestjs/common';
import type { Caller } from '@app/shared';
import { ReadModel, SqlReader } from '@app/shared/sql';
import { MemberQueries } from '../../application/member.queries.js';
import { Client } from '../../domain/client.js';
import { Member } from '../../domain/member.js';
import { memberNotFound } from '../../domain/membership.errors.js';

export const MEMBERS = ReadModel.of(Member, 'm');
const CLIENTS = ReadModel.of(Client, 'c');

/** `MemberQueries` on PostgreSQL: each read one statement, and a visibility check one more. */
@Injectable()
export class SqlMemberQueries extends MemberQueries {
  constructor(private readonly sql: SqlReader) {
    super();
  }

  async get(caller: Caller, memberId: string): Promise<Member> {
    const member = await this.sql.first(MEMBERS, 'where m.id = $1', [memberId]);
    if (!member || !(await this.isVisibleTo(member, caller.organisationId))) throw memberNotFound(memberId);
    return member;
  }

  async isVisible(caller: Caller, memberId: string): Promise<boolean> {
    const member = await this.sql.first(MEMBERS, 'where m.id = $1', [memberId]);
    return member !== null && (await this.isVisibleTo(member, caller.organisationId));
  }

  async findByIds(ids: readonly string[]): Promise<Map<string, Member>> {
    const wellFormed = [...new Set(ids.filter((id) => id.startsWith('memb_')))];
    if (wellFormed.length === 0) return new Map();
    const members = await this.sql.select(MEMBERS, 'where m.id = any($1)', [wellFormed]);
    return new Map(members.map((member) => [member.id, member]));
  }

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
