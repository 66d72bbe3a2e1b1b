// The payments-and-claims context's transaction as a booking's `latestTransaction` embeds it, and the
// check-out's request, whose route is the booking's.
export { CheckOutRequest } from '../checkout/http/dto/check-out.request.js';
export { TransactionResponse } from '../ledger/http/dto/transaction.response.js';
