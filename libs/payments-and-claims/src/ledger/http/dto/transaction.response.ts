import { ApiProperty } from '@nestjs/swagger';
import { ApiCents } from '@app/shared';
import { ClientResponse } from '@app/membership/http';
import { LocationResponse } from '@app/organisations/http';
import { ProviderResponse } from '@app/practitioners/http';
import { HealthFundCardResponse, MedicareCardResponse, PaymentMethodResponse } from '@app/wallet/http';
import type { TransactionView } from '../../application/transaction.queries.js';
import { type BillableItemSnapshot, TRANSACTION_STATUSES, type TransactionStatus } from '../../domain/transaction.js';
import { PaymentTransactionResponse } from './payment-transaction.response.js';

class ServiceItemSnapshotResponse {
  @ApiProperty({ type: String, nullable: true, example: 'si_560' }) id: string | null;
  @ApiProperty({ type: String, nullable: true, example: '560' }) itemCode: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'physiotherapy' }) category: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Initial physiotherapy consultation' }) description:
    string | null;
}

class BillableItemSnapshotResponse {
  @ApiProperty({ example: 'Initial consultation' }) name: string;
  @ApiCents({ example: 9500, description: 'Integer cents.' }) basePrice: number;
  @ApiCents({ example: 9500, description: 'Integer cents.' }) totalPrice: number;
  @ApiCents({ example: 0, description: 'Integer cents.' }) taxAmount: number;
  @ApiProperty({ example: 0 }) taxRate: number;
  @ApiProperty({ example: '0193a6f8-8192-7db4-8fc6-2a3b4c5d6e7f' }) id: string;
  @ApiProperty({ type: String, nullable: true, example: '560' }) itemCode: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) pmsBillableItemId: string | null;
  @ApiProperty({ type: ServiceItemSnapshotResponse, nullable: true }) serviceItem: ServiceItemSnapshotResponse | null;

  static from(item: BillableItemSnapshot): BillableItemSnapshotResponse {
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
}

class TransactionItemResponse {
  @ApiCents({ example: 9500, description: 'Integer cents.' }) chargeAmount: number;
  @ApiProperty({ example: '0193a701-1b8c-765d-885f-b3c4d5e6f708' }) id: string;
  @ApiProperty({ example: 'Initial physiotherapy consultation' }) description: string;
  @ApiProperty({ type: String, nullable: true, example: 'P1' }) clinicalCode: string | null;
  @ApiProperty({ type: String, nullable: true, example: '560' }) itemCode: string | null;
  @ApiProperty({ type: String, nullable: true, example: '0193a6f8-8192-7db4-8fc6-2a3b4c5d6e7f' }) billableItemId:
    string | null;
  @ApiProperty({ type: String, nullable: true, example: '0193a6f8-7081-7ca3-8eb5-1f2a3b4c5d6e' }) appointmentTypeId:
    string | null;
  @ApiProperty({
    required: false,
    type: BillableItemSnapshotResponse,
    nullable: true,
    description: 'Expansion `latestTransaction.transactionItems.billableItem`.',
  })
  billableItem?: BillableItemSnapshotResponse | null;
}

class ConfirmationResponse {
  @ApiProperty({ example: '0193a702-2c9d-776e-8960-c4d5e6f70819' }) id: string;
  @ApiProperty({
    example: '••••••••678',
    description:
      'The mobile number (its last 3 digits) or email address (its first letter and domain) the code went to, masked.',
  })
  contactValue: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'Always `null`: the code goes to the patient only, and is never stored or shown.',
  })
  verificationCode: null;
  @ApiProperty({ example: '2026-11-21T00:10:00.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({ example: '2026-11-21T00:20:00.000Z', format: 'date-time' }) expiresAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', example: '2026-11-21T00:11:30.000Z' }) verifiedAt:
    string | null;
  @ApiProperty({ example: true }) verified: boolean;
}

class CustomerResponse {
  @ApiProperty({ example: 'Alex Chen' }) name: string;
}

/** A sale to a client, as a booking's `latestTransaction`. */
export class TransactionResponse {
  @ApiProperty({ example: '0193a6fb-b425-70e7-82f9-5d6e7f8091a2' }) id: string;
  @ApiProperty({ example: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a' }) businessId: string;
  @ApiProperty({ example: '2026-11-21T00:10:00.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-21T00:12:00.000Z',
    format: 'date-time',
    description:
      'When it last changed: its payment link paid or cancelled, a refund, a claim voided. Equal to `createdAt` until it changes. ' +
      'The client, practitioner, location and cards it shows change on their own, with their own `updatedAt`.',
  })
  updatedAt: string;
  @ApiCents({ example: 9500, description: "Integer cents: the items' charges added up." }) amount: number;
  @ApiProperty({
    enum: TRANSACTION_STATUSES,
    example: 'completed',
    description:
      "`awaiting_confirmation`: a check-out waiting for the patient's code (see `confirmations`), with nothing claimed, charged or invoiced yet; `cancelled`: one the patient never confirmed. Otherwise `completed`.",
  })
  status: TransactionStatus;
  @ApiProperty({ example: 'AUD' }) currency: string;
  @ApiProperty({ type: [PaymentTransactionResponse] }) paymentTransactions: PaymentTransactionResponse[];
  @ApiProperty({ type: [TransactionItemResponse] }) transactionItems: TransactionItemResponse[];
  @ApiProperty({ type: [ConfirmationResponse] }) confirmations: ConfirmationResponse[];
  @ApiProperty({
    type: String,
    nullable: true,
    example: '0193a6f7-5e6f-7a81-8c93-9d0e1f2a3b4c',
    description: 'The payment method charged, if any.',
  })
  paymentMethodId: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '0193a6f7-6f70-7b92-8da4-0e1f2a3b4c5d',
    description: 'The health fund card claimed against, if any.',
  })
  healthFundCardId: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '0193a6f7-7081-7ca3-8eb5-1f2a3b4c5d6e',
    description: 'The Medicare card claimed against, if any.',
  })
  medicareCardId: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '0193a6fb-b425-70e7-82f9-5d6e7f8091a2',
    description: 'The booking the sale is for, if any.',
  })
  bookingId: string | null;
  @ApiProperty({ example: 'Alex Chen' }) clientName: string;
  @ApiProperty({ type: PaymentMethodResponse, nullable: true }) paymentMethod: PaymentMethodResponse | null;
  @ApiProperty({ type: HealthFundCardResponse, nullable: true }) healthFundCard: HealthFundCardResponse | null;
  @ApiProperty({ type: MedicareCardResponse, nullable: true }) medicareCard: MedicareCardResponse | null;
  @ApiProperty({ type: ClientResponse, nullable: true }) client: ClientResponse | null;
  @ApiProperty({ type: ProviderResponse, nullable: true }) serviceProvider: ProviderResponse | null;
  @ApiProperty({ type: LocationResponse, nullable: true }) location: LocationResponse | null;
  @ApiProperty({ type: CustomerResponse }) customer: CustomerResponse;

  static from(read: TransactionView, options: { withBillableItems: boolean }): TransactionResponse {
    const { transaction } = read;
    return {
      id: transaction.id,
      businessId: transaction.businessId,
      createdAt: transaction.createdAt.toISOString(),
      updatedAt: transaction.updatedAt.toISOString(),
      amount: transaction.amount,
      status: transaction.status,
      currency: transaction.currency,
      paymentTransactions: read.paymentTransactions.map((paymentTransaction) =>
        PaymentTransactionResponse.from(paymentTransaction, 'transaction'),
      ),
      transactionItems: transaction.items.map((item) => ({
        chargeAmount: item.chargeAmount,
        id: item.id,
        description: item.description,
        clinicalCode: item.clinicalCode,
        itemCode: item.itemCode,
        billableItemId: item.billableItemId,
        appointmentTypeId: item.appointmentTypeId,
        ...(options.withBillableItems
          ? { billableItem: item.billableItem && BillableItemSnapshotResponse.from(item.billableItem) }
          : {}),
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
      paymentMethod: read.paymentMethod && PaymentMethodResponse.from(read.paymentMethod.card),
      healthFundCard: read.healthFundCard && HealthFundCardResponse.from(read.healthFundCard),
      medicareCard: read.medicareCard && MedicareCardResponse.from(read.medicareCard.card),
      client: read.client,
      serviceProvider: read.serviceProvider && ProviderResponse.from(read.serviceProvider),
      location: read.location && LocationResponse.from(read.location),
      customer: { name: transaction.customerName },
    };
  }
}
