// The payments-and-claims context's transaction as a booking's `latestTransaction` embeds it.
export { TransactionResponse } from './dto/transaction.response.js';
