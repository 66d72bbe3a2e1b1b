import type { Page, PageRequest } from '@app/shared/domain';
import type { Client } from '../domain/client.js';

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
