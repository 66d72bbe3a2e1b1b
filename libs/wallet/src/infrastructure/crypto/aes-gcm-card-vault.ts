import { createHmac, hkdfSync } from 'node:crypto';
import { SealedBox } from '@app/shared';
import { CardVault } from '../../domain/card-vault.js';

/**
 * AES-256-GCM for card numbers at rest, and HMAC-SHA256 fingerprints. Both keys are derived
 * (HKDF) from the one configured master key, so neither can stand in for the other. A
 * fingerprint is the platform-wide HMAC of the card, hashed again with a key derived (HKDF) for
 * the organisation: the rows written before fingerprints were per organisation are rescoped from
 * what they store, payment methods included, whose number the service never had.
 */
export class AesGcmCardVault extends CardVault {
  private readonly box: SealedBox;
  private readonly fingerprintKey: Buffer;

  constructor(masterKey: Buffer) {
    super();
    if (masterKey.length !== 32)
      throw new Error('WALLET_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64');
    this.box = new SealedBox(masterKey, 'wallet card encryption');
    this.fingerprintKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'wallet card fingerprint', 32));
  }

  seal(plaintext: string): string {
    return this.box.seal(plaintext);
  }

  open(sealed: string): string {
    return this.box.open(sealed);
  }

  fingerprint(organisationId: string, ...parts: string[]): string {
    return this.rescope(organisationId, this.platformFingerprint(...parts));
  }

  rescope(organisationId: string, platformFingerprint: string): string {
    const organisationKey = Buffer.from(
      hkdfSync('sha256', this.fingerprintKey, Buffer.alloc(0), `organisation ${organisationId}`, 32),
    );
    return createHmac('sha256', organisationKey).update(platformFingerprint).digest('hex');
  }

  /** The fingerprint as it was before it was per organisation (for rescoping and its tests). */
  platformFingerprint(...parts: string[]): string {
    return createHmac('sha256', this.fingerprintKey).update(parts.join('\u0000')).digest('hex');
  }
}
