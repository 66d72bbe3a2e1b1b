import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000Platform } from './Migration20261122000000Platform.js';
import { Migration20261122010000Directory } from './Migration20261122010000Directory.js';
import { Migration20261122020000Wallet } from './Migration20261122020000Wallet.js';
import { Migration20261122030000Scheduling } from './Migration20261122030000Scheduling.js';
import { Migration20261122040000Payments } from './Migration20261122040000Payments.js';
import { Migration20261122050000BookingCounts } from './Migration20261122050000BookingCounts.js';
import { Migration20261122060000IdempotencySecrets } from './Migration20261122060000IdempotencySecrets.js';
import { Migration20261123000000CardFingerprintsPerOrganisation } from './Migration20261123000000CardFingerprintsPerOrganisation.js';
import { Migration20261123000000Events } from './Migration20261123000000Events.js';
import { Migration20261123000000OnlineBooking } from './Migration20261123000000OnlineBooking.js';
import { Migration20261123030000LinkDetailsRequired } from './Migration20261123030000LinkDetailsRequired.js';
import { Migration20261123100000ApiKeyLifecycle } from './Migration20261123100000ApiKeyLifecycle.js';
import { Migration20261123100000PayoutRuns } from './Migration20261123100000PayoutRuns.js';
import { Migration20261123110000PaymentLinks } from './Migration20261123110000PaymentLinks.js';
import { Migration20261124000000ClaimReferenceIndexes } from './Migration20261124000000ClaimReferenceIndexes.js';
import { Migration20261124000000ProviderLocationIdsIndex } from './Migration20261124000000ProviderLocationIdsIndex.js';
import { Migration20261124120000EventsStoredInline } from './Migration20261124120000EventsStoredInline.js';
import { Migration20261125000000PaymentLinkTokensByPayment } from './Migration20261125000000PaymentLinkTokensByPayment.js';
import { Migration20261127000000DeliveryFailureClasses } from './Migration20261127000000DeliveryFailureClasses.js';

/** Every migration, in order. Start-up applies the pending ones. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000000Platform', class: Migration20261122000000Platform },
  { name: 'Migration20261122010000Directory', class: Migration20261122010000Directory },
  { name: 'Migration20261122020000Wallet', class: Migration20261122020000Wallet },
  { name: 'Migration20261122030000Scheduling', class: Migration20261122030000Scheduling },
  { name: 'Migration20261122040000Payments', class: Migration20261122040000Payments },
  { name: 'Migration20261122050000BookingCounts', class: Migration20261122050000BookingCounts },
  { name: 'Migration20261122060000IdempotencySecrets', class: Migration20261122060000IdempotencySecrets },
  { name: 'Migration20261123000000CardFingerprintsPerOrganisation', class: Migration20261123000000CardFingerprintsPerOrganisation },
  { name: 'Migration20261123000000Events', class: Migration20261123000000Events },
  { name: 'Migration20261123000000OnlineBooking', class: Migration20261123000000OnlineBooking },
  { name: 'Migration20261123030000LinkDetailsRequired', class: Migration20261123030000LinkDetailsRequired },
  { name: 'Migration20261123100000ApiKeyLifecycle', class: Migration20261123100000ApiKeyLifecycle },
  { name: 'Migration20261123100000PayoutRuns', class: Migration20261123100000PayoutRuns },
  { name: 'Migration20261123110000PaymentLinks', class: Migration20261123110000PaymentLinks },
  { name: 'Migration20261124000000ClaimReferenceIndexes', class: Migration20261124000000ClaimReferenceIndexes },
  { name: 'Migration20261124000000ProviderLocationIdsIndex', class: Migration20261124000000ProviderLocationIdsIndex },
  { name: 'Migration20261124120000EventsStoredInline', class: Migration20261124120000EventsStoredInline },
  { name: 'Migration20261125000000PaymentLinkTokensByPayment', class: Migration20261125000000PaymentLinkTokensByPayment },
  { name: 'Migration20261127000000DeliveryFailureClasses', class: Migration20261127000000DeliveryFailureClasses },
];
