import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import type { Confirmation } from '../../ledger/domain/confirmation.js';

/**
 * The patient's 4-digit codes. A code is made from the confirmation's random id and the count of
 * codes sent for it, with a key only the service holds (derived from the master key): no one
 * without the key can tell it, and it is never stored. The confirmation keeps a keyed hash of it,
 * which a given code is compared with in constant time; the message job makes the code again to
 * send it, so the notification keeps only `••••`.
 */
@Injectable()
export class ConfirmationCodes {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key = Buffer.from(hkdfSync('sha256', config.masterKey(), Buffer.alloc(0), 'claim confirmation code', 32));
  }

  /** The code of the `issue`th sending of the confirmation. */
  codeOf(confirmationId: string, issue: number): string {
    const mac = createHmac('sha256', this.key).update(`code:${confirmationId}:${issue}`).digest();
    // 2^48 is no multiple of 10,000, but the bias it leaves is below one in 10^10.
    return String(mac.readUIntBE(0, 6) % 10_000).padStart(4, '0');
  }

  /** What a confirmation keeps of its `issue`th code. */
  keptHashOf(confirmationId: string, issue: number): string {
    return this.hashOf(confirmationId, issue, this.codeOf(confirmationId, issue));
  }

  private hashOf(confirmationId: string, issue: number, code: string): string {
    return createHmac('sha256', this.key).update(`hash:${confirmationId}:${issue}:${code}`).digest('hex');
  }

  /** Whether `code` is the confirmation's current code, compared in constant time. */
  matches(confirmation: Pick<Confirmation, 'id' | 'issue' | 'codeHash'>, code: string): boolean {
    const given = Buffer.from(this.hashOf(confirmation.id, confirmation.issue, code), 'hex');
    const kept = Buffer.from(confirmation.codeHash, 'hex');
    return given.length === kept.length && timingSafeEqual(given, kept);
  }
}
