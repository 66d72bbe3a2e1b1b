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
import { Migration20261126000000CancelledBookingLinks } from './Migration20261126000000CancelledBookingLinks.js';
import { Migration20261126010000AdjustmentsOfTheirPayments } from './Migration20261126010000AdjustmentsOfTheirPayments.js';
import { Migration20261127000000IdempotencyInProgressExpiry } from './Migration20261127000000IdempotencyInProgressExpiry.js';
import { Migration20261127000000DeliveryFailureClasses } from './Migration20261127000000DeliveryFailureClasses.js';
import { Migration20261128000000OrganisationsUpdatedAt } from './Migration20261128000000OrganisationsUpdatedAt.js';
import { Migration20261128000000BookingChanges } from './Migration20261128000000BookingChanges.js';
import { Migration20261128000000PractitionersUpdatedAt } from './Migration20261128000000PractitionersUpdatedAt.js';
import { Migration20261129000000Invoices } from './Migration20261129000000Invoices.js';
import { Migration20261128000000AppointmentTypeVersions } from './Migration20261128000000AppointmentTypeVersions.js';
import { Migration20261128000000ClientSearchAndVersions } from './Migration20261128000000ClientSearchAndVersions.js';
import { Migration20261129000000Notifications } from './Migration20261129000000Notifications.js';
import { Migration20261129000000BookingAttendanceAndRepeats } from './Migration20261129000000BookingAttendanceAndRepeats.js';
import { Migration20261129100000UpdatedAtOfMoneyCardsAndKeys } from './Migration20261129100000UpdatedAtOfMoneyCardsAndKeys.js';
import { Migration20261130000000ProcessorIds } from './Migration20261130000000ProcessorIds.js';
import { Migration20261130010000StripeEvents } from './Migration20261130010000StripeEvents.js';
import { Migration20261130000000BookingDayCounts } from './Migration20261130000000BookingDayCounts.js';
import { Migration20261130010000ClientSearchFromIndexes } from './Migration20261130010000ClientSearchFromIndexes.js';
import { Migration20261201000000TextMessages } from './Migration20261201000000TextMessages.js';
import { Migration20261201010000RegistrationStatuses } from './Migration20261201010000RegistrationStatuses.js';
import { Migration20261201020000Referrals } from './Migration20261201020000Referrals.js';
import { Migration20261201030000LocationTerminals } from './Migration20261201030000LocationTerminals.js';
import { Migration20261202000000OrganisationLivemode } from './Migration20261202000000OrganisationLivemode.js';
import { Migration20261202010000ClaimConfirmations } from './Migration20261202010000ClaimConfirmations.js';
import { Migration20261203000000PayoutsOfCardMoney } from './Migration20261203000000PayoutsOfCardMoney.js';
import { Migration20261203010000OneInvoicePerService } from './Migration20261203010000OneInvoicePerService.js';
import { Migration20261203020000GstRegistration } from './Migration20261203020000GstRegistration.js';
import { Migration20261203030000AdjustmentNotes } from './Migration20261203030000AdjustmentNotes.js';
import { Migration20261203040000FeeInvoices } from './Migration20261203040000FeeInvoices.js';
import { Migration20261203050000Remittances } from './Migration20261203050000Remittances.js';
import { Migration20261203060000PayoutAccounts } from './Migration20261203060000PayoutAccounts.js';

/** Every migration, in order. Start-up applies the pending ones. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000000Platform', class: Migration20261122000000Platform },
  { name: 'Migration20261122010000Directory', class: Migration20261122010000Directory },
  { name: 'Migration20261122020000Wallet', class: Migration20261122020000Wallet },
  { name: 'Migration20261122030000Scheduling', class: Migration20261122030000Scheduling },
  { name: 'Migration20261122040000Payments', class: Migration20261122040000Payments },
  { name: 'Migration20261122050000BookingCounts', class: Migration20261122050000BookingCounts },
  { name: 'Migration20261122060000IdempotencySecrets', class: Migration20261122060000IdempotencySecrets },
  {
    name: 'Migration20261123000000CardFingerprintsPerOrganisation',
    class: Migration20261123000000CardFingerprintsPerOrganisation,
  },
  { name: 'Migration20261123000000Events', class: Migration20261123000000Events },
  { name: 'Migration20261123000000OnlineBooking', class: Migration20261123000000OnlineBooking },
  { name: 'Migration20261123030000LinkDetailsRequired', class: Migration20261123030000LinkDetailsRequired },
  { name: 'Migration20261123100000ApiKeyLifecycle', class: Migration20261123100000ApiKeyLifecycle },
  { name: 'Migration20261123100000PayoutRuns', class: Migration20261123100000PayoutRuns },
  { name: 'Migration20261123110000PaymentLinks', class: Migration20261123110000PaymentLinks },
  { name: 'Migration20261124000000ClaimReferenceIndexes', class: Migration20261124000000ClaimReferenceIndexes },
  { name: 'Migration20261124000000ProviderLocationIdsIndex', class: Migration20261124000000ProviderLocationIdsIndex },
  { name: 'Migration20261124120000EventsStoredInline', class: Migration20261124120000EventsStoredInline },
  {
    name: 'Migration20261125000000PaymentLinkTokensByPayment',
    class: Migration20261125000000PaymentLinkTokensByPayment,
  },
  { name: 'Migration20261126000000CancelledBookingLinks', class: Migration20261126000000CancelledBookingLinks },
  {
    name: 'Migration20261126010000AdjustmentsOfTheirPayments',
    class: Migration20261126010000AdjustmentsOfTheirPayments,
  },
  {
    name: 'Migration20261127000000IdempotencyInProgressExpiry',
    class: Migration20261127000000IdempotencyInProgressExpiry,
  },
  { name: 'Migration20261127000000DeliveryFailureClasses', class: Migration20261127000000DeliveryFailureClasses },
  { name: 'Migration20261128000000OrganisationsUpdatedAt', class: Migration20261128000000OrganisationsUpdatedAt },
  { name: 'Migration20261128000000BookingChanges', class: Migration20261128000000BookingChanges },
  { name: 'Migration20261128000000PractitionersUpdatedAt', class: Migration20261128000000PractitionersUpdatedAt },
  { name: 'Migration20261128000000AppointmentTypeVersions', class: Migration20261128000000AppointmentTypeVersions },
  { name: 'Migration20261128000000ClientSearchAndVersions', class: Migration20261128000000ClientSearchAndVersions },
  { name: 'Migration20261129000000Notifications', class: Migration20261129000000Notifications },
  {
    name: 'Migration20261129000000BookingAttendanceAndRepeats',
    class: Migration20261129000000BookingAttendanceAndRepeats,
  },
  { name: 'Migration20261129000000Invoices', class: Migration20261129000000Invoices },
  {
    name: 'Migration20261129100000UpdatedAtOfMoneyCardsAndKeys',
    class: Migration20261129100000UpdatedAtOfMoneyCardsAndKeys,
  },
  { name: 'Migration20261130000000ProcessorIds', class: Migration20261130000000ProcessorIds },
  { name: 'Migration20261130010000StripeEvents', class: Migration20261130010000StripeEvents },
  { name: 'Migration20261130000000BookingDayCounts', class: Migration20261130000000BookingDayCounts },
  { name: 'Migration20261130010000ClientSearchFromIndexes', class: Migration20261130010000ClientSearchFromIndexes },
  { name: 'Migration20261201000000TextMessages', class: Migration20261201000000TextMessages },
  { name: 'Migration20261201010000RegistrationStatuses', class: Migration20261201010000RegistrationStatuses },
  { name: 'Migration20261201020000Referrals', class: Migration20261201020000Referrals },
  { name: 'Migration20261201030000LocationTerminals', class: Migration20261201030000LocationTerminals },
  { name: 'Migration20261202000000OrganisationLivemode', class: Migration20261202000000OrganisationLivemode },
  { name: 'Migration20261202010000ClaimConfirmations', class: Migration20261202010000ClaimConfirmations },
  { name: 'Migration20261203000000PayoutsOfCardMoney', class: Migration20261203000000PayoutsOfCardMoney },
  { name: 'Migration20261203010000OneInvoicePerService', class: Migration20261203010000OneInvoicePerService },
  { name: 'Migration20261203020000GstRegistration', class: Migration20261203020000GstRegistration },
  { name: 'Migration20261203030000AdjustmentNotes', class: Migration20261203030000AdjustmentNotes },
  { name: 'Migration20261203040000FeeInvoices', class: Migration20261203040000FeeInvoices },
  { name: 'Migration20261203050000Remittances', class: Migration20261203050000Remittances },
  { name: 'Migration20261203060000PayoutAccounts', class: Migration20261203060000PayoutAccounts },
];
