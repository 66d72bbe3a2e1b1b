import { Injectable } from '@nestjs/common';
import { includesArchived, type JoinedRead, joinedRead, listWindow, ReadModel, SqlReader } from '@app/shared';
import {
  invalidField,
  isIsoDate,
  isUuid,
  offsetOf,
  type Page,
  type PageRequest,
  pageOf,
  toE164,
} from '@app/shared/domain';
import { OrganisationQueries } from '@app/organisations';
import { Client } from '../domain/client.js';
import { clientNotFound } from '../domain/membership.errors.js';
import { clientMatches } from '../infrastructure/persistence/client-search.js';

export const CLIENTS = ReadModel.of(Client, 'c');

/** A client as the API shows it (the spec's Client), for this context's answers and other contexts' expansions. */
export interface ClientView {
  id: string;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  memberId: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  mobileNumber: string | null;
  email: string | null;
  pmsPatientId: string | null;
  pmsCreatedAt: string | null;
  profileImageUrl: string | null;
}

export function clientView(client: Client): ClientView {
  return {
    id: client.id,
    deleted: client.deleted,
    createdAt: client.createdAt.toISOString(),
    updatedAt: client.updatedAt.toISOString(),
    memberId: client.memberId,
    firstName: client.firstName,
    lastName: client.lastName,
    dateOfBirth: client.dateOfBirth,
    mobileNumber: client.mobileNumber,
    email: client.email,
    pmsPatientId: client.pmsPatientId,
    pmsCreatedAt: client.pmsCreatedAt?.toISOString() ?? null,
    profileImageUrl: client.profileImageUrl,
  };
}

/** The organisation's client as the API shows it, archived or not, for a statement of another context (`SqlReader.row`); each argument a SQL expression of it. */
export const clientRead = (organisation: string, id: string): JoinedRead<ClientView> =>
  joinedRead(CLIENTS, `where c.id = ${id} and c.organisation_id = ${organisation}`, clientView);

/** The little of a client another context needs to act on it (book it, add a card). */
export interface ActiveClient {
  id: string;
  firstName: string;
  lastName: string;
}

/** A client another context names, archived or not, so that it can refuse an archived one (409 `client_deleted`) apart from a missing one (404). */
export interface ClientSummary extends ActiveClient {
  deleted: boolean;
}

/** What a search of an organisation's clients narrows the list by; each is optional. */
export interface ClientSearch {
  /** The start of the first, last or full name (ignoring case and accents), a whole email (ignoring case), or a mobile number in any form. */
  q?: string;
  /** The whole email, ignoring case. */
  email?: string;
  /** A phone number in any Australian or E.164 form; an invalid one is a 400. */
  mobileNumber?: string;
  /** `YYYY-MM-DD`. */
  dateOfBirth?: string;
  includeDeleted?: boolean;
}

/** Reads of an organisation's clients: as the API shows them (deleted ones included, marked `deleted`), and for other contexts' writes. */
export abstract class ClientQueries {
  /**
   * A page of the organisation's clients, by last name, first name and id (ignoring case and
   * accents), archived ones left out unless asked for; in sync mode by `updatedAt, id`. 404 for an
   * unknown organisation.
   */
  abstract list(organisationId: string, page: PageRequest, search: ClientSearch): Promise<Page<ClientView>>;
  abstract get(organisationId: string, clientId: string): Promise<ClientView>;
  /** The organisation's clients with these ids; ids of other organisations are left out. */
  abstract findByIds(organisationId: string, ids: readonly string[]): Promise<Map<string, ClientView>>;
  /** The client when it belongs to the organisation, with whether it is archived; otherwise `null`. */
  abstract findClient(organisationId: string, clientId: string): Promise<ClientSummary | null>;
  /** The client when it belongs to the organisation and is not deleted; otherwise `null`. */
  abstract findActiveClient(organisationId: string, clientId: string): Promise<ActiveClient | null>;
  /** The organisation's oldest live client with this email, ignoring case; `null` when there is none. */
  abstract oldestLiveByEmail(organisationId: string, email: string): Promise<ActiveClient | null>;
}

/**
 * `ClientQueries` on PostgreSQL: each read one statement; a page two (its rows and its count), and
 * every search condition an index look-up (see the migration ClientSearchAndVersions).
 */
@Injectable()
export class SqlClientQueries extends ClientQueries {
  constructor(
    private readonly sql: SqlReader,
    private readonly organisations: OrganisationQueries,
  ) {
    super();
  }

  async list(organisationId: string, page: PageRequest, search: ClientSearch): Promise<Page<ClientView>> {
    const searching = [search.q, search.email, search.mobileNumber, search.dateOfBirth].some(
      (value) => value !== undefined,
    );
    if (searching && !page.updatedSince) return this.search(organisationId, page, search);
    const { where, orderBy, params } = clientsWhere('c', organisationId, page, search);
    const matches = clientsWhere('m', organisationId, page, search);
    const paging = `limit $${params.length + 1} offset $${params.length + 2}`;
    // A search reads its matches through their indexes first (`offset 0` keeps the subquery apart),
    // then orders only them. Left to itself, PostgreSQL may walk the name index in list order and
    // filter, which reads every client that sorts before the first match ("young" after all others).
    const rest = searching
      ? `join (select m.id from (select * from clients m ${matches.where} offset 0) m order by ${matches.orderBy} ${paging}) page using (id)
         order by ${orderBy}`
      : `${where} order by ${orderBy} ${paging}`;
    await this.organisations.assertExists(organisationId);
    const [rows, total] = await Promise.all([
      this.sql.select(CLIENTS, rest, [...params, page.limit, offsetOf(page)]),
      this.sql.count(CLIENTS, where, params),
    ]);
    return pageOf(rows.map(clientView), total, page);
  }

  /**
   * A search in list order, each way `q` can match (last name, full name, email, mobile number)
   * a part of its own that excludes the parts before it, so each part is one index's range and
   * none counts a client twice. The page: the first `offset + limit` of each part, from its index
   * (the last name's already in list order), merged; then only the page's rows. The count: each
   * part's, added, from the indexes alone (they hold the names, the id and `deleted`), so a search
   * reads no client row it does not answer.
   */
  private async search(organisationId: string, page: PageRequest, search: ClientSearch): Promise<Page<ClientView>> {
    const parts = (alias: string) => {
      const { conditions, alternatives, params } = searchConditions(alias, organisationId, page, search);
      const each = alternatives.map((alternative, index) =>
        [
          ...conditions,
          `(${alternative})`,
          ...(index ? [`(${alternatives.slice(0, index).join(' or ')}) is not true`] : []),
        ].join(' and '),
      );
      return { each, params };
    };
    const { each: counted, params } = parts('c');
    const { each: matched } = parts('m');
    const [reach, limit, offset] = [`$${params.length + 1}`, `$${params.length + 2}`, `$${params.length + 3}`];
    const firsts = matched.map(
      (part) =>
        `(select m.last_name_search, m.full_name_search, m.id from clients m where ${part} order by m.last_name_search, m.full_name_search, m.id limit ${reach})`,
    );
    const rest = `join (select u.id from (${firsts.join(' union all ')}) u order by u.last_name_search, u.full_name_search, u.id limit ${limit} offset ${offset}) page using (id)
       order by c.last_name_search, c.full_name_search, c.id`;
    await this.organisations.assertExists(organisationId);
    const [rows, total] = await Promise.all([
      this.sql.select(CLIENTS, rest, [...params, offsetOf(page) + page.limit, page.limit, offsetOf(page)]),
      this.sql.countDisjoint(
        CLIENTS,
        counted.map((part) => `where ${part}`),
        params,
      ),
    ]);
    return pageOf(rows.map(clientView), total, page);
  }

  async get(organisationId: string, clientId: string): Promise<ClientView> {
    const client = isUuid(clientId)
      ? await this.sql.first(CLIENTS, 'where c.id = $1 and c.organisation_id = $2', [clientId, organisationId])
      : null;
    if (!client) throw clientNotFound(clientId);
    return clientView(client);
  }

  async findByIds(organisationId: string, ids: readonly string[]): Promise<Map<string, ClientView>> {
    const wellFormed = [...new Set(ids.filter(isUuid))];
    if (wellFormed.length === 0) return new Map();
    const clients = await this.sql.select(CLIENTS, 'where c.organisation_id = $1 and c.id = any($2)', [
      organisationId,
      wellFormed,
    ]);
    return new Map(clients.map((client) => [client.id, clientView(client)]));
  }

  async findClient(organisationId: string, clientId: string): Promise<ClientSummary | null> {
    if (!isUuid(clientId)) return null;
    const client = await this.sql.first(CLIENTS, 'where c.id = $1 and c.organisation_id = $2', [
      clientId,
      organisationId,
    ]);
    return client
      ? { id: client.id, firstName: client.firstName, lastName: client.lastName, deleted: client.deleted }
      : null;
  }

  async findActiveClient(organisationId: string, clientId: string): Promise<ActiveClient | null> {
    if (!isUuid(clientId)) return null;
    const client = await this.sql.first(CLIENTS, 'where c.id = $1 and c.organisation_id = $2 and not c.deleted', [
      clientId,
      organisationId,
    ]);
    return client ? { id: client.id, firstName: client.firstName, lastName: client.lastName } : null;
  }

  async oldestLiveByEmail(organisationId: string, email: string): Promise<ActiveClient | null> {
    const client = await this.sql.first(
      CLIENTS,
      'where c.organisation_id = $1 and lower(c.email) = lower($2) and not c.deleted order by c.created_at, c.id limit 1',
      [organisationId, email],
    );
    return client ? { id: client.id, firstName: client.firstName, lastName: client.lastName } : null;
  }
}

function isoDate(value: string, field: string): string {
  if (!isIsoDate(value)) throw invalidField(field, 'invalid_format', 'must be a date as YYYY-MM-DD');
  return value;
}

/**
 * The `where` and order of a page of clients under `alias`: the organisation's, narrowed by the
 * search and by the sync window, archived ones only when asked for; by last name, first name (the
 * full name after the last name orders by it) and id, or in sync mode by `updatedAt, id`. The same
 * parameters whatever the alias.
 */
function clientsWhere(
  alias: string,
  organisationId: string,
  page: PageRequest,
  search: ClientSearch,
): { where: string; orderBy: string; params: unknown[] } {
  const { conditions, alternatives, params } = searchConditions(alias, organisationId, page, search);
  const window = listWindow(
    alias,
    page,
    `${alias}.last_name_search, ${alias}.full_name_search, ${alias}.id`,
    params.length + 1,
  );
  const matching =
    search.q === undefined
      ? []
      : [
          alternatives.length === 1
            ? `(${alternatives[0]})`
            : `(${alternatives.map((alternative) => `(${alternative})`).join(' or ')})`,
        ];
  return {
    where: `where ${[...conditions, ...matching].join(' and ')}${window.condition}`,
    orderBy: window.orderBy,
    params: [...params, ...window.params],
  };
}

/**
 * A search's conditions under `alias`: those every match meets (the organisation, email, mobile
 * number, date of birth, not archived unless asked), and the ways `q` can match, any one of which
 * a match meets (`true` alone without `q`; `false` alone when `q` can match nothing).
 */
function searchConditions(
  alias: string,
  organisationId: string,
  page: PageRequest,
  search: ClientSearch,
): { conditions: string[]; alternatives: string[]; params: unknown[] } {
  const params: unknown[] = [organisationId];
  const conditions = [`${alias}.organisation_id = $1`];
  let alternatives = ['true'];
  const compare = (sql: (param: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (search.q !== undefined) {
    const match = clientMatches(alias, search.q, params.length + 1);
    params.push(...match.params);
    alternatives = match.alternatives.length ? match.alternatives : ['false'];
  }
  if (search.email !== undefined) compare((param) => `lower(${alias}.email) = lower(${param})`, search.email);
  if (search.mobileNumber !== undefined)
    compare((param) => `${alias}.mobile_number = ${param}`, toE164(search.mobileNumber, 'mobileNumber'));
  if (search.dateOfBirth !== undefined)
    compare((param) => `${alias}.date_of_birth = ${param}`, isoDate(search.dateOfBirth, 'dateOfBirth'));
  if (!includesArchived({ ...page, includeDeleted: search.includeDeleted })) conditions.push(`not ${alias}.deleted`);
  return { conditions, alternatives, params };
}
