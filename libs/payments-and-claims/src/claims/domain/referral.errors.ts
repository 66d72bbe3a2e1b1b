import { conflict, type DomainError, invalidField, notFound } from '@app/shared/domain';
import { REFERRED_SESSIONS_A_YEAR } from './referred-items.js';

const REFERRAL_FIELD = 'medicareClaim.referralId';

export const referralNotFound = (id: string): DomainError => notFound('Referral', id);

export const referralClientNotFound = (id: string): DomainError => notFound('Client', id);

/** A referred item claimed from Medicare with no referral named. */
export const referralRequired = (itemCode: string): DomainError =>
  conflict(
    'referral_required',
    `MBS item ${itemCode} is paid only on a referral: name one of the client's referrals in ${REFERRAL_FIELD}.`,
  );

/** The referral named is not one of the booking's client's live referrals. */
export const referralNotOfClient = (): DomainError =>
  invalidField(REFERRAL_FIELD, 'not_found', "names no referral of the booking's client that is not archived");

/** The referral was written after the service it would cover. */
export const referralNotYetIssued = (issuedOn: string, day: string): DomainError =>
  invalidField(
    REFERRAL_FIELD,
    'issued_after_service',
    `names a referral issued on ${issuedOn}, after the service on ${day}`,
  );

export const referralExpired = (id: string, expiresOn: string, day: string): DomainError =>
  conflict(
    'referral_expired',
    `Referral ${id} expired on ${expiresOn}, before the service on ${day}: record the client's new referral and name it.`,
  );

/** No session left: of the referral's own, or of the sessions Medicare pays the client for in the service's calendar year. */
export const referralExhausted = (id: string, limit: { sessionsReferred: number } | { year: number }): DomainError =>
  conflict(
    'referral_exhausted',
    'sessionsReferred' in limit
      ? `Referral ${id}'s ${limit.sessionsReferred} sessions are used: record the client's new referral and name it.`
      : `The client has had the ${REFERRED_SESSIONS_A_YEAR} referred allied health services Medicare pays for in ${limit.year}, across all their referrals.`,
  );
