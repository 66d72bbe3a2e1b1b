import { randomBytes } from 'node:crypto';
import { type EventType, newUuid, nextUpdatedAt } from '@app/shared/domain';
import { selects } from './event-selection.js';

export type EndpointStatus = 'enabled' | 'disabled';

const ROTATED_SECRET_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** An endpoint whose deliveries have all failed this long is disabled. */
export const FAILING_ENDPOINT_DISABLED_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

export interface NewWebhookEndpoint {
  url: string;
  description?: string | null;
  enabledEvents: string[];
}

export interface EndpointChanges {
  url?: string;
  description?: string | null;
  enabledEvents?: string[];
  status?: EndpointStatus;
}

/** A new Standard Webhooks secret: `whsec_` and the base64 of 24 random bytes. Shown once, stored sealed. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/** Where an organisation's events are POSTed, signed with its secret. */
export class WebhookEndpoint {
  id: string;
  organisationId: string;
  url: string;
  description: string | null;
  enabledEvents: string[];
  status: EndpointStatus;
  /** The signing secret, sealed by `WebhookSecrets`: no copy of the database holds it in plain text. */
  sealedSecret: string;
  /** The secret before the last rotation, sealed, still signing until `previousSecretExpiresAt`. */
  sealedPreviousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  /** Since when every delivery has failed; null while the last one succeeded. */
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;

  static create(organisationId: string, props: NewWebhookEndpoint, sealedSecret: string, now: Date): WebhookEndpoint {
    return Object.assign(new WebhookEndpoint(), {
      id: newUuid(),
      organisationId,
      url: props.url,
      description: props.description ?? null,
      enabledEvents: [...new Set(props.enabledEvents)],
      status: 'enabled' as const,
      sealedSecret,
      sealedPreviousSecret: null,
      previousSecretExpiresAt: null,
      failingSince: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  /**
   * Applies the fields sent (not `undefined`); answers whether anything changed, and only then moves
   * `updatedAt` on. Enabling restarts the failure clock. The caller has checked a new `url`.
   */
  update(changes: EndpointChanges, now: Date): boolean {
    const before = settingsOf(this);
    if (changes.url !== undefined) this.url = changes.url;
    if (changes.description !== undefined) this.description = changes.description;
    if (changes.enabledEvents !== undefined) this.enabledEvents = [...new Set(changes.enabledEvents)];
    if (changes.status !== undefined) {
      if (changes.status === 'enabled') this.failingSince = null;
      this.status = changes.status;
    }
    if (settingsOf(this) === before) return false;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  rotateSecret(sealedSecret: string, now: Date): void {
    this.sealedPreviousSecret = this.sealedSecret;
    this.previousSecretExpiresAt = new Date(now.getTime() + ROTATED_SECRET_LIFETIME_MS);
    this.sealedSecret = sealedSecret;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
  }

  /** The sealed secrets that sign a delivery now: the current one, and the rotated one for its last 24 h. */
  sealedSigningSecrets(now: Date): string[] {
    const previous =
      this.sealedPreviousSecret && this.previousSecretExpiresAt && this.previousSecretExpiresAt > now
        ? [this.sealedPreviousSecret]
        : [];
    return [this.sealedSecret, ...previous];
  }

  receives(type: EventType): boolean {
    return this.status === 'enabled' && selects(this.enabledEvents, type);
  }

  recordSuccess(): void {
    this.failingSince = null;
  }

  /** True when this failure disables the endpoint. */
  recordFailure(now: Date): boolean {
    this.failingSince ??= now;
    if (
      this.status === 'enabled' &&
      now.getTime() - this.failingSince.getTime() >= FAILING_ENDPOINT_DISABLED_AFTER_MS
    ) {
      this.status = 'disabled';
      this.updatedAt = nextUpdatedAt(this.updatedAt, now);
      return true;
    }
    return false;
  }
}

/** What a PATCH can change of an endpoint, comparable as a string. */
const settingsOf = (endpoint: WebhookEndpoint): string =>
  JSON.stringify([endpoint.url, endpoint.description, endpoint.enabledEvents, endpoint.status, endpoint.failingSince]);
