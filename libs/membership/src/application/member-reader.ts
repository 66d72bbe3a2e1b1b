import { Injectable } from '@nestjs/common';
import { ReadModel, SqlReader } from '@app/shared';
import { Member } from '../domain/member.js';

const MEMBERS = ReadModel.of(Member, 'm');

/** Members by id for other contexts (who recorded a payment event), in one statement. */
@Injectable()
export class MemberReader {
  constructor(private readonly sql: SqlReader) {}

  async findByIds(ids: readonly string[]): Promise<Map<string, Member>> {
    const wellFormed = [...new Set(ids.filter((id) => id.startsWith('memb_')))];
    if (wellFormed.length === 0) return new Map();
    const members = await this.sql.select(MEMBERS, 'where m.id = any($1)', [wellFormed]);
    return new Map(members.map((member) => [member.id, member]));
  }
}
