/**
 * The order of the OpenAPI document's paths, and so of the operations within each of Swagger UI's
 * groups and of the typed client's methods. It is set here, not by the order in which modules mount
 * their controllers, so routes can move between files without the document changing. A path missing
 * from the list stops the document from building: place a new route where a reader would look for it.
 */
export const PATH_ORDER = [
  '/v1/events',
  '/v1/events/{eventId}',
  '/v1/organisations/{organisationId}/webhook-endpoints',
  '/v1/organisations/{organisationId}/webhook-endpoints/{endpointId}',
  '/v1/organisations/{organisationId}/webhook-endpoints/{endpointId}/rotate-secret',
  '/v1/organisations/{organisationId}/webhook-endpoints/{endpointId}/test',
  '/v1/organisations/{organisationId}/webhook-endpoints/{endpointId}/deliveries',
  '/v1/organisations/{organisationId}/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/retry',
  '/v1/api-keys',
  '/v1/api-keys/{keyId}',
  '/health/live',
  '/health/ready',
  '/v1/organisations',
  '/v1/organisations/{organisationId}',
  '/v1/organisations/{organisationId}/booking-settings',
  '/v1/organisations/{organisationId}/businesses',
  '/v1/organisations/{organisationId}/businesses/{businessId}',
  '/v1/organisations/{organisationId}/locations',
  '/v1/organisations/{organisationId}/locations/{locationId}',
  '/v1/organisations/{organisationId}/plans/templates/links',
  '/v1/organisations/{organisationId}/plans/templates/links/{linkId}',
  '/v1/members',
  '/v1/members/{memberId}',
  '/v1/organisations/{organisationId}/clients',
  '/v1/organisations/{organisationId}/clients/{clientId}',
  '/v1/organisations/{organisationId}/providers',
  '/v1/organisations/{organisationId}/providers/{providerId}',
  '/v1/organisations/{organisationId}/providers/{providerId}/location-links',
  '/v1/organisations/{organisationId}/providers/{providerId}/location-links/{linkId}',
  '/v1/organisations/{organisationId}/clients/{clientId}/wallet/cards',
  '/v1/organisations/{organisationId}/clients/{clientId}/wallet/cards/{cardId}',
  '/v1/organisations/{organisationId}/clients/{clientId}/referrals',
  '/v1/organisations/{organisationId}/clients/{clientId}/referrals/{referralId}',
  '/v1/health-funds',
  '/v1/organisations/{organisationId}/appointment-types',
  '/v1/organisations/{organisationId}/appointment-types/{appointmentTypeId}',
  '/v1/organisations/{organisationId}/bookings',
  '/v1/organisations/{organisationId}/bookings/{bookingId}',
  '/v1/organisations/{organisationId}/bookings/{bookingId}/cancel',
  '/v1/organisations/{organisationId}/bookings/{bookingId}/attendance',
  '/v1/organisations/{organisationId}/bookings/{bookingId}/reschedule',
  '/v1/organisations/{organisationId}/booking-data',
  '/v1/organisations/{organisationId}/providers/{providerId}/working-hours',
  '/v1/organisations/{organisationId}/providers/{providerId}/time-off',
  '/v1/organisations/{organisationId}/providers/{providerId}/time-off/{timeOffId}',
  '/v1/organisations/{organisationId}/availability',
  '/v1/organisations/{organisationId}/public-bookings',
  '/v1/public-bookings/{manageToken}',
  '/v1/public-bookings/{manageToken}/cancel',
  '/v1/public-bookings/{manageToken}/reschedule',
  '/v1/businesses/{businessId}/payouts',
  '/v1/businesses/{businessId}/payouts/{payoutId}',
  '/v1/businesses/{businessId}/payouts/{payoutId}/transactions',
  '/v1/businesses/{businessId}/remittances',
  '/v1/businesses/{businessId}/remittances/fetch',
  '/v1/businesses/{businessId}/remittances/{remittanceId}',
  '/v1/businesses/{businessId}/remittances/{remittanceId}/claims',
  '/v1/businesses/{businessId}/remittances/{remittanceId}/reconcile',
  '/v1/organisations/{organisationId}/bookings/{bookingId}/transactions',
  '/v1/organisations/{organisationId}/transactions',
  '/v1/organisations/{organisationId}/transactions/{transactionId}',
  '/v1/organisations/{organisationId}/claims/estimates',
  '/v1/organisations/{organisationId}/transactions/{transactionId}/claims/{claimId}/void',
  '/v1/organisations/{organisationId}/transactions/{transactionId}/confirmations/{confirmationId}/verify',
  '/v1/organisations/{organisationId}/transactions/{transactionId}/confirmations/{confirmationId}/resend',
  '/v1/organisations/{organisationId}/payment-transactions/{paymentTransactionId}/refunds',
  '/v1/payment-links/{token}',
  '/v1/payment-links/{token}/pay',
  '/v1/organisations/{organisationId}/invoices',
  '/v1/organisations/{organisationId}/invoices/{invoiceId}',
  '/v1/organisations/{organisationId}/invoices/{invoiceId}/adjustment-notes',
  '/v1/organisations/{organisationId}/invoices/{invoiceId}/adjustment-notes/{noteId}',
  '/v1/stripe/webhooks',
  '/v1/organisations/{organisationId}/notifications',
  '/v1/organisations/{organisationId}/notifications/{notificationId}',
];

/** `paths` in `PATH_ORDER`; throws on a path the list does not place, or one it places that is gone. */
export function inPathOrder<T>(paths: Record<string, T>): Record<string, T> {
  const unplaced = Object.keys(paths).filter((path) => !PATH_ORDER.includes(path));
  const gone = PATH_ORDER.filter((path) => !(path in paths));
  if (unplaced.length || gone.length) {
    throw new Error(
      `apps/api/src/openapi-order.ts: place ${unplaced.join(', ') || 'nothing'}; remove ${gone.join(', ') || 'nothing'}`,
    );
  }
  return Object.fromEntries(PATH_ORDER.map((path) => [path, paths[path]]));
}
