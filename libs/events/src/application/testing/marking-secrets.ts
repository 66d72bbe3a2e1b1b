import { WebhookSecrets } from '../../domain/webhook-secrets.js';

/** Seals as `sealed(…)`: a test sees that what is stored is sealed, and which secret, with no key. */
export class MarkingSecrets extends WebhookSecrets {
  seal(secret: string): string {
    return `sealed(${secret})`;
  }

  open(sealed: string): string {
    const secret = /^sealed\((.*)\)$/.exec(sealed)?.[1];
    if (secret === undefined) throw new Error(`Not sealed: ${sealed}`);
    return secret;
  }
}
