// The answers of the baselines' routes, built with the same keys in the same order as the service's
// DTOs, so that `JSON.stringify` of them is byte-identical to the service's answers. Plain functions
// over the rows `pg` returns (timestamps as Dates, `date` columns as text, jsonb parsed).
//
// Copied from (keep in step with; test/bench-baselines.e2e-spec.ts fails on any difference):
//   libs/practitioners/src/http/dto/provider.response.ts             ProviderResponse.from
//   libs/practitioners/src/http/dto/location-link.response.ts        ProviderLocationLinkResponse.from
//   libs/organisations/src/http/dto/location.response.ts             LocationResponse.from
//   libs/organisations/src/http/dto/business.response.ts             BusinessResponse.from
//   libs/scheduling/src/http/dto/appointment-type.response.ts        AppointmentTypeResponse.from
//   libs/scheduling/src/http/dto/booking.response.ts                 renderBooking, CancellationPolicyResponse.from
//   libs/scheduling/src/domain/cancellation-policy.ts                cancellationPolicyOf
//   libs/composition/src/bookings/dto/booking.response.ts            BookingResponse.from
//   libs/membership/src/application/client.queries.ts                clientView
//   libs/membership/src/http/dto/member.response.ts                  MemberResponse.from (without activity)
//   libs/wallet/src/http/dto/wallet-card.response.ts                 PaymentMethodResponse, HealthFundCardResponse, MedicareCardResponse
//   libs/payments-and-claims/src/ledger/http/dto/transaction.response.ts TransactionResponse.from
//   libs/payments-and-claims/src/ledger/http/dto/payment-transaction.response.ts  PaymentTransactionResponse.from
//   libs/payments-and-claims/src/ledger/http/dto/claim.response.ts ClaimResponse.from, MedicareClaimResponse.from

const iso = (value) => (value === null || value === undefined ? null : new Date(value).toISOString());
const isoOf = (value) => new Date(value).toISOString();

export function providerResponse(provider) {
  return {
    id: provider.id,
    createdAt: isoOf(provider.createdAt),
    updatedAt: isoOf(provider.updatedAt),
    locationIds: provider.locationIds,
    deleted: provider.deleted,
    bookingsEnabled: provider.bookingsEnabled,
    mobileNumber: provider.mobileNumber,
    email: provider.email,
    firstName: provider.firstName,
    middleName: provider.middleName,
    lastName: provider.lastName,
    profileImageUrl: provider.profileImageUrl,
  };
}

export function linkResponse(link) {
  return {
    id: link.id,
    createdAt: isoOf(link.createdAt),
    updatedAt: isoOf(link.updatedAt),
    providerId: link.providerId,
    locationId: link.locationId,
    deleted: link.deleted,
    acceptedTerms: link.acceptedTerms,
    categoryCode: link.categoryCode,
    medicare: {
      suggestedProviderNumber: link.medicare.suggestedProviderNumber,
      providerNumber: link.medicare.providerNumber,
      startDate: link.medicare.startDate,
      registrationLetter: link.medicare.registrationLetter,
    },
    association: { registrationLetter: link.association.registrationLetter },
  };
}

export function businessResponse(business) {
  return {
    id: business.id,
    name: business.name,
    settings: {
      autoReconciliationEnabled: business.settings.autoReconciliationEnabled,
      autoInviteClientsEnabled: business.settings.autoInviteClientsEnabled,
    },
    createdAt: isoOf(business.createdAt),
    updatedAt: isoOf(business.updatedAt),
    taxIdentifier: business.taxIdentifier,
    countryCode: business.countryCode,
    merchantId: business.merchantId,
    gstRegistered: business.gstRegistered,
    capabilities: business.capabilities,
    events: business.events,
  };
}

/**
 * `business`: its answer (`undefined`: not expanded); `registrations`: whether they are shown, and
 * the terminals (`terminalIds`) with them.
 */
export function locationResponse(location, { business, registrations = false } = {}) {
  const address = location.address;
  return {
    id: location.id,
    name: location.name,
    createdAt: isoOf(location.createdAt),
    updatedAt: isoOf(location.updatedAt),
    timeZone: location.timeZone,
    address: {
      line1: address.line1,
      line2: address.line2,
      suburb: address.suburb,
      city: address.city,
      state: address.state,
      postcode: address.postcode,
      country: address.country,
      countryCode: address.countryCode,
    },
    suggestedTaxIdentifier: location.suggestedTaxIdentifier,
    bookingCustomText: location.bookingCustomText,
    businessId: location.businessId,
    ...(business !== undefined ? { business } : {}),
    email: location.email,
    ...(registrations
      ? {
          registrations: location.registrations.map((registration) => ({
            medicare: registration.medicare ?? null,
            phi: registration.phi ?? null,
          })),
          terminalIds: location.terminalIds,
        }
      : {}),
    organisationId: location.organisationId,
  };
}

export function appointmentTypeResponse(type, { withServiceItems = false } = {}) {
  return {
    id: type.id,
    name: type.name,
    durationMinutes: type.durationMinutes,
    price: type.price,
    providers: type.providerIds,
    locations: type.locationIds,
    createdAt: isoOf(type.createdAt),
    updatedAt: isoOf(type.updatedAt),
    deleted: type.deleted,
    maxAttendees: type.maxAttendees,
    description: type.description,
    category: type.category,
    billableItems: type.billableItems.map((item) => ({
      name: item.name,
      basePrice: item.basePrice,
      totalPrice: item.totalPrice,
      taxAmount: item.taxAmount,
      taxRate: item.taxRate,
      id: item.id,
      itemCode: item.itemCode,
      pmsBillableItemId: item.pmsBillableItemId,
      ...(withServiceItems
        ? {
            serviceItem: item.serviceItem && {
              id: item.serviceItem.id,
              itemCode: item.serviceItem.itemCode,
              category: item.serviceItem.category,
              description: item.serviceItem.description,
            },
          }
        : {}),
    })),
  };
}

export function clientView(row) {
  return {
    id: row.id,
    deleted: row.deleted,
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
    memberId: row.memberId,
    firstName: row.firstName,
    lastName: row.lastName,
    dateOfBirth: row.dateOfBirth,
    mobileNumber: row.mobileNumber,
    email: row.email,
    pmsPatientId: row.pmsPatientId,
    pmsCreatedAt: iso(row.pmsCreatedAt),
    profileImageUrl: row.profileImageUrl,
  };
}

/** A member as a payment event shows it: MemberResponse without `activity`. */
function eventMemberResponse(member) {
  return {
    id: member.id,
    emailVerified: member.emailVerified,
    mobileNumberVerified: member.mobileNumberVerified,
    createdAt: isoOf(member.createdAt),
    updatedAt: isoOf(member.updatedAt),
    settings: { showPlanHelp: member.settings.showPlanHelp },
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    mobileNumber: member.mobileNumber,
    dateOfBirth: member.dateOfBirth,
    roles: [...member.roles],
    profileImageUrl: member.profileImageUrl,
  };
}

export const paymentMethodResponse = (card) => ({
  id: card.id,
  brand: card.brand,
  last4: card.last4,
  customerId: card.details.customerId,
});

/** `healthFund`: the card's fund row, or null. */
export function healthFundCardResponse(card, healthFund) {
  const details = card.details;
  return {
    id: card.id,
    memberNumberLast4: card.last4,
    healthFundId: details.healthFundId,
    fingerprint: card.fingerprint,
    defaultReferenceNumber: details.defaultReferenceNumber,
    issueNumber: details.issueNumber,
    createdAt: isoOf(card.createdAt),
    verifiedAt: iso(card.verifiedAt),
    healthFund: healthFund ? { id: healthFund.id, name: healthFund.name, capabilities: healthFund.capabilities } : null,
    cardholders: details.cardholders,
    verified: card.verified,
  };
}

export function medicareCardResponse(card) {
  const details = card.details;
  return {
    id: card.id,
    memberNumberLast4: card.last4,
    referenceNumber: details.referenceNumber,
    fingerprint: card.fingerprint,
    firstName: details.firstName,
    lastName: details.lastName,
    dateOfBirth: details.dateOfBirth,
    secondInitial: details.secondInitial,
    sex: details.sex,
    createdAt: isoOf(card.createdAt),
    verifiedAt: iso(card.verifiedAt),
    verified: card.verified,
  };
}

function claimResponse(claim, fund, { withFundId }) {
  return {
    id: claim.id,
    referenceNumber: claim.referenceNumber,
    providerNumber: claim.providerNumber,
    createdAt: isoOf(claim.createdAt),
    cancelledAt: iso(claim.cancelledAt),
    voidedAt: iso(claim.voidedAt),
    isRebateEstimate: claim.isRebateEstimate,
    totalChargeAmount: claim.totalChargeAmount,
    totalRebateAmount: claim.totalRebateAmount,
    totalGapAmount: claim.totalGapAmount,
    items: claim.items.map((item) => ({
      id: item.id,
      itemCode: item.itemCode,
      patientReferenceNumber: item.patientReferenceNumber,
      serviceReference: item.serviceReference,
      itemDescription: item.itemDescription,
      itemName: item.itemName,
      chargeAmount: item.chargeAmount,
      rebateAmount: item.rebateAmount,
      serviceDate: item.serviceDate,
      response: { statusCode: item.response.statusCode, responseCode: item.response.responseCode },
    })),
    device: { terminalId: claim.device.terminalId },
    serviceType: { code: claim.serviceType.code, name: claim.serviceType.name },
    healthFund: fund
      ? { ...(withFundId ? { id: fund.id } : {}), name: fund.name, capabilities: fund.capabilities }
      : null,
    rules: { reversal: { enabled: claim.rules.reversal.enabled } },
    response: {
      statusCode: claim.response.statusCode,
      responseCode: claim.response.responseCode,
      freeText: claim.response.freeText,
    },
    payment: claim.payment && {
      paymentAmount: claim.payment.paymentAmount,
      bankAccountNumberLast4: claim.payment.bankAccountNumberLast4,
      bankAccountBsb: claim.payment.bankAccountBsb,
      paymentReference: claim.payment.paymentReference,
      paymentDate: claim.payment.paymentDate,
    },
    provider: {
      providerNumber: claim.provider.providerNumber,
      name: claim.provider.name,
      categoryCode: claim.provider.categoryCode,
    },
    agreement: claim.agreement,
  };
}

/** `cards`: the patient's and claimant's Medicare cards, shown only in a payout listing. */
function medicareClaimResponse(claim, cards) {
  return {
    id: claim.id,
    reference: claim.reference,
    mcolTransactionId: claim.mcolTransactionId,
    mcolClaimId: claim.mcolClaimId,
    mcolErrorCode: claim.mcolErrorCode,
    mcolErrorMessage: claim.mcolErrorMessage,
    transactionId: claim.transactionId,
    createdAt: isoOf(claim.createdAt),
    type: claim.type,
    paymentStatus: claim.paymentStatus,
    totalChargeAmount: claim.totalChargeAmount,
    totalRebateAmount: claim.totalRebateAmount,
    totalGapAmount: claim.totalGapAmount,
    itemsCount: claim.itemsCount,
    items: claim.items.map((item) => ({
      id: item.id,
      itemCode: item.itemCode,
      mcolAssessmentCode: item.mcolAssessmentCode,
      mcolErrorCode: item.mcolErrorCode,
      mcolErrorMessage: item.mcolErrorMessage,
      chargeAmount: item.chargeAmount,
      rebateAmount: item.rebateAmount,
      gapAmount: item.gapAmount,
      patientCount: item.patientCount,
      quantity: item.quantity,
    })),
    rules: { reversal: { enabled: claim.rules.reversal.enabled } },
    patientMedicareCardId: claim.patientMedicareCardId,
    claimantMedicareCardId: claim.claimantMedicareCardId,
    referralId: claim.referralId,
    agreement: claim.agreement,
    ...(cards
      ? {
          patientMedicareCard: cards.patient && medicareCardResponse(cards.patient.card),
          claimantMedicareCard: cards.claimant && medicareCardResponse(cards.claimant.card),
        }
      : {}),
  };
}

const AWAITING_PAYMENT = 'requires_payment_method';

/**
 * A payment transaction in a payout listing (`inPayout`) or inside a booking's transaction. `read`:
 * { paymentTransaction, claim, healthFund, medicareClaim, patientMedicareCard, claimantMedicareCard, eventMembers }.
 */
export function paymentTransactionResponse(read, inPayout) {
  const { paymentTransaction: transaction } = read;
  return {
    id: transaction.id,
    createdAt: isoOf(transaction.createdAt),
    ...(inPayout ? { updatedAt: isoOf(transaction.updatedAt) } : {}),
    source: transaction.source,
    amount: transaction.amount,
    ...(inPayout
      ? {
          platformFeeAmount: transaction.platformFeeAmount,
          settledBy: transaction.source === 'payment' ? 'platform' : 'payer',
          payoutId: transaction.payoutId,
        }
      : {}),
    adjustmentTransactions: transaction.adjustments.map((adjustment) => ({
      id: adjustment.id,
      createdAt: adjustment.createdAt,
      source: adjustment.source,
      amount: adjustment.amount,
      ...(inPayout ? { payoutId: adjustment.payoutId ?? null } : {}),
    })),
    paymentId: transaction.payment?.id ?? null,
    payment: transaction.payment && {
      id: transaction.payment.id,
      currency: transaction.payment.currency,
      status: transaction.payment.status,
      paymentMethodId: transaction.payment.paymentMethodId,
      clientSecret: transaction.payment.clientSecret,
      amount: transaction.payment.amount,
    },
    claimId: transaction.claimId,
    claim: read.claim && claimResponse(read.claim, read.healthFund, { withFundId: !inPayout }),
    medicareClaimId: transaction.medicareClaimId,
    medicareClaim:
      read.medicareClaim &&
      medicareClaimResponse(
        read.medicareClaim,
        inPayout ? { patient: read.patientMedicareCard, claimant: read.claimantMedicareCard } : null,
      ),
    ...(inPayout || transaction.payment?.status === AWAITING_PAYMENT
      ? {
          paymentLinks: transaction.paymentLinks.map((link) => ({
            url: link.url,
            id: link.id,
            createdAt: link.createdAt,
            expiresAt: link.expiresAt,
            events: link.events.map((event) => ({ createdAt: event.createdAt })),
          })),
        }
      : {}),
    ...(inPayout
      ? {
          events: transaction.events.map((event) => {
            const member = read.eventMembers.get(event.createdBy);
            return {
              createdAt: event.createdAt,
              createdBy: event.createdBy,
              createdByMember: member ? eventMemberResponse(member) : null,
            };
          }),
        }
      : {}),
  };
}

/** A booking's latest transaction. `read`: { transaction, paymentTransactions, paymentMethod, healthFundCard, medicareCard, client, serviceProvider, location }. */
export function transactionResponse(read, { withBillableItems }) {
  const { transaction } = read;
  return {
    id: transaction.id,
    businessId: transaction.businessId,
    createdAt: isoOf(transaction.createdAt),
    updatedAt: isoOf(transaction.updatedAt),
    amount: transaction.amount,
    status: transaction.status,
    currency: transaction.currency,
    paymentTransactions: read.paymentTransactions.map((paymentTransaction) =>
      paymentTransactionResponse(paymentTransaction, false),
    ),
    transactionItems: transaction.items.map((item) => ({
      chargeAmount: item.chargeAmount,
      id: item.id,
      description: item.description,
      clinicalCode: item.clinicalCode,
      itemCode: item.itemCode,
      billableItemId: item.billableItemId,
      appointmentTypeId: item.appointmentTypeId,
      ...(withBillableItems ? { billableItem: item.billableItem && billableItemSnapshot(item.billableItem) } : {}),
    })),
    confirmations: transaction.confirmations.map((confirmation) => ({
      id: confirmation.id,
      contactValue: confirmation.contactValue,
      verificationCode: null,
      createdAt: confirmation.createdAt,
      expiresAt: confirmation.expiresAt,
      verifiedAt: confirmation.verifiedAt,
      verified: confirmation.verified,
    })),
    paymentMethodId: transaction.paymentMethodId,
    healthFundCardId: transaction.healthFundCardId,
    medicareCardId: transaction.medicareCardId,
    bookingId: transaction.bookingId,
    clientName: transaction.clientName,
    paymentMethod: read.paymentMethod && paymentMethodResponse(read.paymentMethod.card),
    healthFundCard:
      read.healthFundCard && healthFundCardResponse(read.healthFundCard.card, read.healthFundCard.healthFund),
    medicareCard: read.medicareCard && medicareCardResponse(read.medicareCard.card),
    client: read.client,
    serviceProvider: read.serviceProvider && providerResponse(read.serviceProvider),
    location: read.location && locationResponse(read.location),
    customer: { name: transaction.customerName },
  };
}

function billableItemSnapshot(item) {
  return {
    name: item.name,
    basePrice: item.basePrice,
    totalPrice: item.totalPrice,
    taxAmount: item.taxAmount,
    taxRate: item.taxRate,
    id: item.id,
    itemCode: item.itemCode,
    pmsBillableItemId: item.pmsBillableItemId,
    serviceItem: item.serviceItem && {
      id: item.serviceItem.id,
      itemCode: item.serviceItem.itemCode,
      category: item.serviceItem.category,
      description: item.serviceItem.description,
    },
  };
}

const HOUR_MS = 3_600_000;

/** The organisation's cancellation policy for one booking, as of `now` (a booking's `cancellationPolicy` expansion). */
export function cancellationPolicyResponse(settings, booking, now) {
  const latestNoFeeAt = new Date(
    new Date(booking.serviceDate).getTime() - settings.cancellationNoFeeBeforeHours * HOUR_MS,
  );
  const amount =
    settings.cancellationFeeAmount ?? percentOf(booking.servicePrice, settings.cancellationFeePercent ?? 0);
  return {
    enabled: settings.cancellationFeeEnabled,
    rules: {
      clientCancel: { enabled: settings.clientCancelEnabled },
      clientReschedule: { enabled: settings.clientRescheduleEnabled },
    },
    fee: {
      amount,
      freeCancellationHours: settings.cancellationNoFeeBeforeHours,
      latestNoFeeAt: latestNoFeeAt.toISOString(),
      billable: now.getTime() > latestNoFeeAt.getTime(),
      percent: settings.cancellationFeePercent,
    },
  };
}

/** libs/shared/src/domain/money.ts `percentOf`: whole cents, half away from zero. */
const percentOf = (cents, percent) => Math.round((cents * percent) / 100);

/**
 * A booking as the service answers it. `parts`: its provider, location, appointment type and client
 * answers (shared between the bookings of a page), and `expanded`, the parts above scheduling that
 * the expansion asked for, in the service's order (they go before `pmsBookingId`).
 */
export function bookingResponse(
  booking,
  { provider, location, appointmentType, client },
  expanded,
  { pmsAttendeeId = false } = {},
) {
  return {
    id: booking.id,
    createdAt: isoOf(booking.createdAt),
    updatedAt: isoOf(booking.updatedAt),
    locationId: booking.locationId,
    providerId: booking.providerId,
    appointmentTypeId: booking.appointmentTypeId,
    clientId: booking.clientId,
    provider,
    location,
    appointmentType,
    serviceDate: isoOf(booking.serviceDate),
    client,
    paid: booking.paid,
    invoiced: booking.invoiced,
    adjustments: booking.adjustments,
    servicePrice: booking.servicePrice,
    cancelledAt: iso(booking.cancelledAt),
    status: booking.cancelledAt ? 'cancelled' : 'confirmed',
    attendance: booking.attendance,
    arrivedAt: iso(booking.arrivedAt),
    seriesId: booking.seriesId,
    ...expanded,
    pmsBookingId: booking.pmsBookingId,
    ...(pmsAttendeeId ? { pmsAttendeeId: booking.pmsAttendeeId } : {}),
  };
}
