import type { ErrorKind } from '@app/shared/domain';

/** How long the patient has to give the code back. */
export const CONFIRMATION_MINUTES = 15;
/** Wrong codes before the check-out is cancelled (the last one cancels it). */
export const CONFIRMATION_ATTEMPTS = 5;
/** New codes the clinic may send after the first. */
export const CONFIRMATION_RESENDS = 3;

export type ConfirmationChannel = 'sms' | 'email';

/** The answer a confirmation closed with, given again to every later verify of it. */
export interface ClosingError {
  kind: ErrorKind;
  code: string;
  message: string;
}

/**
 * The patient's agreement to a check-out's claim, asked by a code sent to them (the spec's
 * Confirmation, with what the check-out keeps beside it). The code itself is never kept: only a
 * keyed hash of the current one (`issue` counts the codes sent).
 */
export interface Confirmation {
  id: string;
  /** The mobile number or email address the code went to, masked. */
  contactValue: string;
  channel: ConfirmationChannel;
  createdAt: string;
  expiresAt: string;
  verifiedAt: string | null;
  verified: boolean;
  issue: number;
  codeHash: string;
  wrongCodes: number;
  resends: number;
  /** Why it stopped waiting unverified (locked, expired, cancelled, refused at lodging); `null` while it waits, and once verified. */
  closedWith: ClosingError | null;
}

/** Where a code went, as a confirmation shows it. */
export const maskContact = (channel: ConfirmationChannel, to: string): string =>
  channel === 'sms' ? maskMobile(to) : maskEmail(to);

/** A mobile number shown with only its last 3 digits: `••••••••678`. */
function maskMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  return `${'•'.repeat(Math.max(digits.length - 3, 0))}${digits.slice(-3)}`;
}

/** An email address shown with only its first letter and its domain: `a•••@example.com`. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** How the patient agreed to a claim. */
export const AGREEMENT_METHODS = ['terminal', 'signed', 'sms', 'email', 'app'] as const;
export type AgreementMethod = (typeof AGREEMENT_METHODS)[number];

/**
 * The patient's agreement kept with a claim: their card swiped at a terminal, a signed form the
 * clinic holds (a bulk bill's assignment of benefit), or a code they gave back. `agreedAt` is when:
 * the swipe, the signature, the code verified.
 */
export interface ClaimAgreement {
  method: AgreementMethod;
  agreedAt: string;
  memberId?: string;
}
