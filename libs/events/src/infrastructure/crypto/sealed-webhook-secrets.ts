import { Injectable } from '@nestjs/common';
import { AppConfig, SealedBox } from '@app/shared';
import { WebhookSecrets } from '../../domain/webhook-secrets.js';

/** AES-256-GCM under a key derived from the master key for webhook secrets alone. */
@Injectable()
export class SealedWebhookSecrets extends WebhookSecrets {
  private readonly box: SealedBox;

  constructor(config: AppConfig) {
    super();
    this.box = new SealedBox(config.masterKey(), 'webhook endpoint secret');
  }

  seal(secret: string): string {
    return this.box.seal(secret);
  }

  open(sealed: string): string {
    return this.box.open(sealed);
  }
}
