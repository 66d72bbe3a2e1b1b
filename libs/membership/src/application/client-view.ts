import type { Client } from '../domain/client.js';

/** A client as the API shows it (the spec's Client), for this context's answers and other contexts' expansions. */
export interface ClientView {
  id: string;
  deleted: boolean;
  createdAt: string;
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
