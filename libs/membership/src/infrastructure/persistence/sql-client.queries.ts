import { Injectable } from '@nestjs/common';
import {
  includesArchived,
  type JoinedRead,
  joinedRead,
  limitAndOffset,
  listWindow,
  ReadModel,
  SqlParams,
  SqlReader,
} from '@app/shared/sql';
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
import {
  type ActiveClient,
  ClientQueries,
  type ClientSearch,
  type ClientSummary,
  type ClientView,
  clientView,
} from '../../application/client.queries.js';
import { Client } from '../../domain/client.js';
import { clientNotFound } from '../../domain/membership.errors.js';
import { clientMatches } from './client-search.js';

export const CLIENTS = ReadModel.of(Client, 'c');

/** The organisation's client as the API shows it, archived or not, for a statement of another context (`SqlReader.row`); each argument a SQL expression of it. */
export const clientRead = (organisation: string, id: string): JoinedRead<ClientView> =>
  joinedRead(CLIENTS, `where c.id = ${id} and c.organisation_id = ${organisation}`, clientView);

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
    const params = new SqlParams();
    const { where, orderBy } = clientsWhere('c', organisationId, page, search, params);
    // The same parameters under another alias: its values are those of `params`.
    const matches = clientsWhere('m', organisationId, page, search, new SqlParams());
    const filter = params.values;
    const paging = limitAndOffset(page, params);
    // A search reads its matches through their indexes first (`offset 0` keeps the subquery apart),
    // then orders only them. Left to itself, PostgreSQL may walk the name index in list order and
    // filter, which reads every client that sorts before the first match ("young" after all others).
    const rest = searching
      ? `join (select m.id from (select * from clients m ${matches.where} offset 0) m order by ${matches.orderBy} ${paging}) page using (id)
         order by ${orderBy}`
      : `${where} order by ${orderBy} ${paging}`;
    await this.organisations.assertExists(organisationId);
    const [rows, total] = await Promise.all([
      this.sql.select(CLIENTS, rest, params.values),
      this.sql.count(CLIENTS, where, filter),
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
    const parts = (alias: string, params: SqlParams) => {
      const { conditions, alternatives } = searchConditions(alias, organisationId, page, search, params);
      return alternatives.map((alternative, index) =>
        [
          ...conditions,
          `(${alternative})`,
          ...(index ? [`(${alternatives.slice(0, index).join(' or ')}) is not true`] : []),
        ].join(' and '),
      );
    };
    const params = new SqlParams();
    const counted = parts('c', params);
    // The same parameters under another alias: its values are those of `params`.
    const matched = parts('m', new SqlParams());
    const filter = params.values;
    const [reach, limit, offset] = [
      params.add(offsetOf(page) + page.limit),
      params.add(page.limit),
      params.add(offsetOf(page)),
    ];
    const firsts = matched.map(
      (part) =>
        `(select m.last_name_search, m.full_name_search, m.id from clients m where ${part} order by m.last_name_search, m.full_name_search, m.id limit ${reach})`,
    );
    const rest = `join (select u.id from (${firsts.join(' union all ')}) u order by u.last_name_search, u.full_name_search, u.id limit ${limit} offset ${offset}) page using (id)
       order by c.last_name_search, c.full_name_search, c.id`;
    await this.organisations.assertExists(organisationId);
    const [rows, total] = await Promise.all([
      this.sql.select(CLIENTS, rest, params.values),
      this.sql.countDisjoint(
        CLIENTS,
        counted.map((part) => `where ${part}`),
        filter,
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
 * full name after the last name orders by it) and id, or in sync mode by `updatedAt, id`. Its
 * values are added to `params`, the same whatever the alias.
 */
function clientsWhere(
  alias: string,
  organisationId: string,
  page: PageRequest,
  search: ClientSearch,
  params: SqlParams,
): { where: string; orderBy: string } {
  const { conditions, alternatives } = searchConditions(alias, organisationId, page, search, params);
  const window = listWindow(alias, page, `${alias}.last_name_search, ${alias}.full_name_search, ${alias}.id`, params);
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
  };
}

/**
 * A search's conditions under `alias`: those every match meets (the organisation, email, mobile
 * number, date of birth, not archived unless asked), and the ways `q` can match, any one of which
 * a match meets (`true` alone without `q`; `false` alone when `q` can match nothing). Their values
 * are added to `params`.
 */
function searchConditions(
  alias: string,
  organisationId: string,
  page: PageRequest,
  search: ClientSearch,
  params: SqlParams,
): { conditions: string[]; alternatives: string[] } {
  const conditions = [`${alias}.organisation_id = ${params.add(organisationId)}`];
  let alternatives = ['true'];
  const compare = (sql: (param: string) => string, value: unknown) => conditions.push(sql(params.add(value)));
  if (search.q !== undefined) {
    const match = clientMatches(alias, search.q, params);
    alternatives = match.alternatives.length ? match.alternatives : ['false'];
  }
  if (search.email !== undefined) compare((param) => `lower(${alias}.email) = lower(${param})`, search.email);
  if (search.mobileNumber !== undefined)
    compare((param) => `${alias}.mobile_number = ${param}`, toE164(search.mobileNumber, 'mobileNumber'));
  if (search.dateOfBirth !== undefined)
    compare((param) => `${alias}.date_of_birth = ${param}`, isoDate(search.dateOfBirth, 'dateOfBirth'));
  if (!includesArchived({ ...page, includeDeleted: search.includeDeleted })) conditions.push(`not ${alias}.deleted`);
  return { conditions, alternatives };
}
