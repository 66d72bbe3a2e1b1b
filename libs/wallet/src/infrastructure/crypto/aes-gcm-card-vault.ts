import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { CardVault } from '../../domain/card-vault.js';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for card numbers at rest, and HMAC-SHA256 fingerprints. Both keys are derived
 * (HKDF) from the one configured master key, so neither can stand in for the other. A
 * fingerprint is the platform-wide HMAC of the card, hashed again with a key derived (HKDF) for
 * the organisation: the rows written before fingerprints were per organisation are rescoped from
 * what they store, payment methods included, whose number the service never had.
 */
export class AesGcmCardVault extends CardVault {
  private readonly encryptionKey: Buffer;
  private readonly fingerprintKey: Buffer;

  constructor(masterKey: Buffer) {
    super();
    if (masterKey.length !== 32) throw new Error('WALLET_ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64');
    this.encryptionKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'wallet card encryption', 32));
    this.fingerprintKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'wallet card fingerprint', 32));
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
  }

  open(sealed: string): string {
    const [version, payload] = sealed.split(':');
    if (version !== VERSION || !payload) throw new Error('Unknown card ciphertext format');
    const bytes = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  fingerprint(organisationId: string, ...parts: string[]): string {
    return this.rescope(organisationId, this.platformFingerprint(...parts));
  }

  rescope(organisationId: string, platformFingerprint: string): string {
    const organisationKey = Buffer.from(hkdfSync('sha256', this.fingerprintKey, Buffer.alloc(0), `organisation ${organisationId}`, 32));
    return createHmac('sha256', organisationKey).update(platformFingerprint).digest('hex');
  }

  /** The fingerprint as it was before it was per organisation (for rescoping and its tests). */
  platformFingerprint(...parts: string[]): string {
    return createHmac('sha256', this.fingerprintKey).update(parts.join('\u0000')).digest('hex');
  }
}
