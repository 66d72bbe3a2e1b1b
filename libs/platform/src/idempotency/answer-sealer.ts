import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AppConfig } from '@app/shared';

const HKDF_INFO = 'idempotency stored answer';
const VERSION = 'v1:';

/**
 * Stored answers are what a retry replays for 24 hours, and they hold what the first answer held:
 * a patient's details, a manage token. They are kept sealed (AES-256-GCM, a key derived from the
 * master key), so a copy of the table reveals nothing; an answer stored before sealing reads as it is.
 */
export class AnswerSealer {
  private constructor(private readonly key: Buffer) {}

  static fromConfig(config: AppConfig): AnswerSealer {
    return new AnswerSealer(Buffer.from(hkdfSync('sha256', config.masterKey(), Buffer.alloc(0), HKDF_INFO, 32)));
  }

  seal(answer: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(answer, 'utf8'), cipher.final()]);
    return `${VERSION}${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
  }

  open(stored: string): string {
    if (!stored.startsWith(VERSION)) return stored;
    const bytes = Buffer.from(stored.slice(VERSION.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}
