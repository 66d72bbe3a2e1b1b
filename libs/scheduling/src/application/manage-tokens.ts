import { hkdfSync } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import { manageTokenHash, manageTokenOf } from '../domain/manage-token.js';

/** The manage tokens of bookings made online, made again from their ids whenever a message needs one. */
@Injectable()
export class ManageTokens {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key = Buffer.from(hkdfSync('sha256', config.masterKey(), Buffer.alloc(0), 'booking manage token', 32));
  }

  /** The token of the booking with this id, and the hash the booking keeps of it. */
  forBooking(bookingId: string): { token: string; hash: string } {
    const token = manageTokenOf(this.key, bookingId);
    return { token, hash: manageTokenHash(token) };
  }

  /** The booking's token, or `null` when it has none (booked by the clinic) or one made some other way. */
  of(booking: { id: string; manageTokenHash: string | null }): string | null {
    if (booking.manageTokenHash === null) return null;
    const token = manageTokenOf(this.key, booking.id);
    return manageTokenHash(token) === booking.manageTokenHash ? token : null;
  }
}
