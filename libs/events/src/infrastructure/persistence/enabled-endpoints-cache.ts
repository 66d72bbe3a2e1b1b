import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ChangeNotices, NoticeKeptCache } from '@app/shared';
import type { WebhookEndpoint } from '../../domain/webhook-endpoint.js';

/**
 * Announces a committed change to an organisation's webhook endpoints; the payload is the
 * organisation id.
 */
export const WEBHOOK_ENDPOINT_CHANGES_CHANNEL = 'webhook_endpoint_changes';

/** At most this long, even when no change is announced: a backstop, not what keeps it right. */
const TTL_MS = 60_000;
/** At most this many organisations (emptied when full; a miss costs one indexed lookup). */
const MAX_ENTRIES = 10_000;

/**
 * Each organisation's enabled endpoints, so that recording an event costs no lookup of them: every
 * change writes the event row in the change's transaction, and most organisations have no endpoint.
 * Kept right as `ApiKeyCache` is: every endpoint change announces its organisation on
 * `WEBHOOK_ENDPOINT_CHANGES_CHANNEL` when it commits, and every instance forgets it; the cache is
 * trusted only while the announcements are heard, and a lookup that a change overtook is not kept.
 */
@Injectable()
export class EnabledEndpointsCache extends NoticeKeptCache implements OnModuleInit {
  private readonly byOrganisation = new Map<string, { endpoints: readonly WebhookEndpoint[]; until: number }>();

  constructor(private readonly notices: ChangeNotices) {
    super();
  }

  onModuleInit(): void {
    this.notices.subscribe(WEBHOOK_ENDPOINT_CHANGES_CHANNEL, this);
  }

  /** The organisation's enabled endpoints, from the cache or `lookup`. Shared copies: never change them. */
  async of(organisationId: string, lookup: () => Promise<WebhookEndpoint[]>): Promise<readonly WebhookEndpoint[]> {
    const now = Date.now();
    const cached = this.trusted ? this.byOrganisation.get(organisationId) : undefined;
    if (cached && cached.until > now) return cached.endpoints;
    const version = this.version;
    const endpoints = await lookup();
    if (this.mayKeep(version)) {
      if (this.byOrganisation.size >= MAX_ENTRIES) this.byOrganisation.clear();
      this.byOrganisation.set(organisationId, { endpoints, until: now + TTL_MS });
    }
    return endpoints;
  }

  protected drop(organisationId: string): void {
    this.byOrganisation.delete(organisationId);
  }

  protected dropAll(): void {
    this.byOrganisation.clear();
  }
}
