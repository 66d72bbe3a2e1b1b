/**
 * Seals webhook signing secrets for storage and opens them to sign a delivery (port): a copy of
 * the database, or of a backup, holds no secret that could forge a delivery.
 */
export abstract class WebhookSecrets {
  abstract seal(secret: string): string;
  abstract open(sealed: string): string;
}
