import { type AppConfig, SealedBox } from '@app/shared';

/**
 * Stored answers are what a retry replays for 24 hours, and they hold what the first answer held:
 * a patient's details, a manage token. They are kept sealed (AES-256-GCM, a key derived from the
 * master key), so a copy of the table reveals nothing; an answer stored before sealing reads as it is.
 */
export class AnswerSealer {
  private constructor(private readonly box: SealedBox) {}

  static fromConfig(config: AppConfig): AnswerSealer {
    return new AnswerSealer(new SealedBox(config.masterKey(), 'idempotency stored answer'));
  }

  seal(answer: string): string {
    return this.box.seal(answer);
  }

  open(stored: string): string {
    return SealedBox.isSealed(stored) ? this.box.open(stored) : stored;
  }
}
