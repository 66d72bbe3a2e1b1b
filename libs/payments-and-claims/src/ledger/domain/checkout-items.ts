import { invalidField, referenceNotFound } from '@app/shared/domain';
import type { BillableItemSnapshot, TransactionItem } from './transaction.js';

export type CheckOutItem =
  | { billableItemId: string }
  | {
      description: string;
      itemCode?: string | null;
      clinicalCode?: string | null;
      /** The unit amount, GST included. */
      chargeAmount: number;
      /** How many of it: the line charges `quantity × chargeAmount`. Default 1. */
      quantity?: number;
      /** GST in percent, included in `chargeAmount`: 0 (the default) or 10. */
      taxRate?: number;
    };

/** The largest line in cents: amounts are PostgreSQL integers. */
const MAX_LINE_CENTS = 2_147_483_647;

/** What a booking offers to bill: its appointment type and that type's billable items. */
export interface BillableBooking {
  appointmentTypeId: string;
  appointmentTypeName: string;
  servicePrice: number;
  billableItems: BillableItemSnapshot[];
}

/**
 * The lines a check-out charges. Given none, the appointment type's billable items at their total
 * price (or, for a type without any, one line of the booking's price); a `billableItemId` must be
 * one of the type's items.
 */
export function checkOutItems(
  booking: BillableBooking,
  items: CheckOutItem[] | undefined,
): Omit<TransactionItem, 'id'>[] {
  const billed = (item: BillableItemSnapshot): Omit<TransactionItem, 'id'> => ({
    chargeAmount: item.totalPrice,
    description: item.name,
    clinicalCode: null,
    itemCode: item.itemCode,
    billableItemId: item.id,
    appointmentTypeId: booking.appointmentTypeId,
    billableItem: item,
    taxRate: item.taxRate,
  });
  if (items === undefined) {
    if (booking.billableItems.length > 0) return booking.billableItems.map(billed);
    return [
      {
        chargeAmount: booking.servicePrice,
        description: booking.appointmentTypeName,
        clinicalCode: null,
        itemCode: null,
        billableItemId: null,
        appointmentTypeId: booking.appointmentTypeId,
        billableItem: null,
        taxRate: 0,
      },
    ];
  }
  return items.map((item, index) => {
    if ('billableItemId' in item) {
      const found = booking.billableItems.find((candidate) => candidate.id === item.billableItemId);
      if (!found)
        throw referenceNotFound(
          `items[${index}].billableItemId`,
          "Billable item of the booking's appointment type",
          item.billableItemId,
        );
      return billed(found);
    }
    const quantity = item.quantity ?? 1;
    const line = quantity * item.chargeAmount;
    if (line > MAX_LINE_CENTS)
      throw invalidField(
        `items[${index}].quantity`,
        'too_large',
        'makes the line more than the largest amount a charge holds',
      );
    return {
      chargeAmount: line,
      quantity,
      description: item.description,
      clinicalCode: item.clinicalCode ?? null,
      itemCode: item.itemCode ?? null,
      billableItemId: null,
      appointmentTypeId: booking.appointmentTypeId,
      billableItem: null,
      taxRate: item.taxRate ?? 0,
    };
  });
}

/** The platform's fee on a card payment: `basisPoints` hundredths of a percent, rounded to the cent. */
export const platformFeeOf = (amount: number, basisPoints: number): number =>
  Math.round((amount * basisPoints) / 10_000);
