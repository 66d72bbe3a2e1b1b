import { lookup } from 'node:dns/promises';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import { urlRefused } from '../domain/events.errors.js';
import { refusalOf, type Resolve } from '../domain/webhook-url.js';

export const resolveWithSystem: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true })).map((entry) => entry.address);

/** The URL rules at endpoint create and update; delivery checks again, at connect time. */
@Injectable()
export class WebhookUrlCheck {
  constructor(private readonly config: AppConfig) {}

  async assertAllowed(url: string): Promise<void> {
    const refusal = await refusalOf(url, {
      allowPrivate: this.config.webhookAllowPrivateUrls,
      resolve: resolveWithSystem,
    });
    if (refusal) throw urlRefused(`url ${refusal}`);
  }
}
