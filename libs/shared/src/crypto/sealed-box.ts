import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM under a key derived (HKDF-SHA256) from the master key for one purpose, so no two
 * uses share a key. Sealed text is `v1:` and the base64 of IV, tag and ciphertext: the version
 * leaves room for a later format, and tells sealed text from what was stored before sealing.
 */
export class SealedBox {
  private readonly key: Buffer;

  constructor(masterKey: Buffer, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), purpose, 32));
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(VERSION);
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
  }

  /** Throws on text it did not seal, or sealed under another key or purpose, or altered. */
  open(sealed: string): string {
    const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64');
    if (!SealedBox.isSealed(sealed) || bytes.length < IV_BYTES + TAG_BYTES)
      throw new Error('Unknown ciphertext format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
