// The payments-and-claims context's transaction as a booking's `latestTransaction` embeds it, and the
// check-out's request, whose route is the booking's.
export { CheckOutRequest } from './dto/check-out.request.js';
export { TransactionResponse } from './dto/transaction.response.js';
