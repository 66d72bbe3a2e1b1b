import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { SqlReader } from '@app/shared';
import { isUuid } from '@app/shared/domain';
import { Client } from '../domain/client.js';
import { clientNotFound } from '../domain/membership.errors.js';
import { type ClientView, clientView } from './client-view.js';

/** Reads of an organisation's clients as the API shows them; deleted clients included, marked `deleted`. */
@Injectable()
export class ClientReader {
  constructor(
    private readonly em: EntityManager,
    private readonly sql: SqlReader,
  ) {}

  async get(organisationId: string, clientId: string): Promise<ClientView> {
    const client = isUuid(clientId) ? await this.em.findOne(Client, { id: clientId, organisationId }) : null;
    if (!client) throw clientNotFound(clientId);
    return clientView(client);
  }

  /**
   * The organisation's clients with these ids, in one statement; ids of other organisations are
   * left out. Plain SQL: booking lists call this on every page, and entity hydration cost more
   * than the query.
   */
  async findByIds(organisationId: string, ids: readonly string[]): Promise<Map<string, ClientView>> {
    const wellFormed = [...new Set(ids.filter(isUuid))];
    if (wellFormed.length === 0) return new Map();
    const rows = await this.sql.rows<ClientRow>(
      `select id, member_id, first_name, last_name, date_of_birth::text, mobile_number, email, pms_patient_id, pms_created_at, profile_image_url, deleted, created_at
       from clients where organisation_id = $1 and id = any($2)`,
      [organisationId, wellFormed],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          deleted: row.deleted,
          createdAt: new Date(row.created_at).toISOString(),
          memberId: row.member_id,
          firstName: row.first_name,
          lastName: row.last_name,
          dateOfBirth: row.date_of_birth,
          mobileNumber: row.mobile_number,
          email: row.email,
          pmsPatientId: row.pms_patient_id,
          pmsCreatedAt: row.pms_created_at === null ? null : new Date(row.pms_created_at).toISOString(),
          profileImageUrl: row.profile_image_url,
        },
      ]),
    );
  }
}

interface ClientRow {
  id: string;
  member_id: string | null;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  mobile_number: string | null;
  email: string | null;
  pms_patient_id: string | null;
  pms_created_at: string | null;
  profile_image_url: string | null;
  deleted: boolean;
  created_at: string;
}
