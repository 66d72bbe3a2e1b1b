import { hash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import { newUuid } from '@app/shared/domain';
import { platformFeeOf } from '../../ledger/domain/checkout-items.js';
import { type Owner, PaymentTransaction } from '../../ledger/domain/payment-transaction.js';
import type { LinkToken } from '../../ledger/domain/payments.repository.js';

const DEFAULT_EXPIRY_HOURS = 72;
const HOUR_MS = 3_600_000;

/** The key a token is found by: its SHA-256. A token has 256 random bits, so no slower hash is needed. */
export const tokenHashOf = (token: string): string => hash('sha256', token);

/** Makes payment links: an unguessable token in the url, kept only as its hash. */
@Injectable()
export class PaymentLinks {
  constructor(private readonly config: AppConfig) {}

  make(
    owner: Owner,
    amount: number,
    expiresInHours: number | undefined,
    now: Date,
  ): { paymentTransaction: PaymentTransaction; token: LinkToken } {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + (expiresInHours ?? DEFAULT_EXPIRY_HOURS) * HOUR_MS);
    const link = {
      id: newUuid(),
      url: `${this.config.apiBaseUrl}/pay/${token}`,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    };
    const paymentTransaction = PaymentTransaction.awaitingLink(
      owner,
      amount,
      platformFeeOf(amount, this.config.platformFeeBasisPoints),
      link,
      now,
    );
    return {
      paymentTransaction,
      token: {
        tokenHash: tokenHashOf(token),
        linkId: link.id,
        organisationId: owner.organisationId,
        paymentTransactionId: paymentTransaction.id,
        expiresAt,
      },
    };
  }
}
