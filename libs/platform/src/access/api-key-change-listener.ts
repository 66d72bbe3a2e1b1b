import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ChangeNotices } from '@app/shared';
import { API_KEY_CHANGES_CHANNEL } from '../keys/infrastructure/api-key-changes.js';
import { ApiKeyCache } from './api-key-cache.js';

/**
 * Every committed change to API keys makes `ApiKeyCache` forget the secret it names; while the
 * changes cannot be heard, the cache is bypassed.
 */
@Injectable()
export class ApiKeyChangeListener implements OnModuleInit {
  constructor(
    private readonly notices: ChangeNotices,
    private readonly cache: ApiKeyCache,
  ) {}

  onModuleInit(): void {
    this.notices.subscribe(API_KEY_CHANGES_CHANNEL, this.cache);
  }
}
