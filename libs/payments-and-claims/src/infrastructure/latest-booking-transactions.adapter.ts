import { Injectable } from '@nestjs/common';
import { BookingTransactions } from '@app/scheduling';
import { TransactionReader } from '../application/transaction.reader.js';
import { TransactionResponse } from '../http/dto/transaction.response.js';

/** Payments' side of scheduling's `BookingTransactions` port: each booking's newest Transaction. */
@Injectable()
export class LatestBookingTransactions extends BookingTransactions {
  constructor(private readonly transactions: TransactionReader) {
    super();
  }

  async latestOf(organisationId: string, bookingIds: readonly string[], options: { withBillableItems: boolean }): Promise<Map<string, TransactionResponse>> {
    const reads = await this.transactions.latestOfBookings(organisationId, bookingIds);
    return new Map([...reads].map(([bookingId, read]) => [bookingId, TransactionResponse.from(read, options)]));
  }
}
