import { ApiProperty } from '@nestjs/swagger';
import type { CardView } from '../../application/wallet-card.queries.js';
import type { HealthFundCardDetails, MedicareCardDetails, PaymentMethodDetails } from '../../domain/wallet-card.js';
import { HealthFundResponse } from './health-fund.response.js';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The created wallet card, as the spec's create answer. */
export class WalletCardCreatedResponse {
  @ApiProperty({
    example: '0193a6f7-5e6f-7a81-8c93-9d0e1f2a3b4c',
    description: 'Also the id of the PaymentMethod, HealthFundCard or MedicareCard it becomes.',
  })
  id: string;

  @ApiProperty({
    example: 'visa',
    description: "Card brand; the fund's name for a health fund card; `medicare` for a Medicare card.",
  })
  brand: string;

  @ApiProperty({ example: '4242' })
  last4: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'cus_R3x9Kq2LmN7vPw',
    description: 'The processor customer (payment methods only).',
  })
  customerId: string | null;

  static from(card: CardView['card']): WalletCardCreatedResponse {
    return {
      id: card.id,
      brand: card.brand,
      last4: card.last4,
      customerId: card.type === 'payment_method' ? (card.details as PaymentMethodDetails).customerId : null,
    };
  }
}

export class PaymentMethodResponse {
  @ApiProperty({ example: '0193a6f7-5e6f-7a81-8c93-9d0e1f2a3b4c' }) id: string;
  @ApiProperty({ example: 'visa' }) brand: string;
  @ApiProperty({ example: '4242' }) last4: string;
  @ApiProperty({ example: 'cus_R3x9Kq2LmN7vPw' }) customerId: string;

  static from(card: CardView['card']): PaymentMethodResponse {
    return {
      id: card.id,
      brand: card.brand,
      last4: card.last4,
      customerId: (card.details as PaymentMethodDetails).customerId,
    };
  }
}

export class HealthFundCardResponse {
  @ApiProperty({ example: '0193a6f7-6f70-7b92-8da4-0e1f2a3b4c5d' }) id: string;
  @ApiProperty({ example: '5678' }) memberNumberLast4: string;
  @ApiProperty({ example: '0193a6f2-0001-7000-8000-000000000002' }) healthFundId: string;
  @ApiProperty({ example: 'a3f1c2…', description: 'Keyed hash of the card, equal for the same card.' })
  fingerprint: string;
  @ApiProperty({ type: String, nullable: true, example: '02' }) defaultReferenceNumber: string | null;
  @ApiProperty({ type: String, nullable: true, example: '01' }) issueNumber: string | null;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', example: null }) verifiedAt: string | null;
  @ApiProperty({ type: HealthFundResponse, nullable: true }) healthFund: HealthFundResponse | null;
  @ApiProperty({ type: [String], example: ['Alex Chen'] }) cardholders: string[];
  @ApiProperty({ example: false }) verified: boolean;

  static from({ card, healthFund }: CardView): HealthFundCardResponse {
    const details = card.details as HealthFundCardDetails;
    return {
      id: card.id,
      memberNumberLast4: card.last4,
      healthFundId: details.healthFundId,
      fingerprint: card.fingerprint,
      defaultReferenceNumber: details.defaultReferenceNumber,
      issueNumber: details.issueNumber,
      createdAt: card.createdAt.toISOString(),
      verifiedAt: iso(card.verifiedAt),
      healthFund: healthFund ? HealthFundResponse.from(healthFund) : null,
      cardholders: details.cardholders,
      verified: card.verified,
    };
  }
}

export class MedicareCardResponse {
  @ApiProperty({ example: '0193a6f7-7081-7ca3-8eb5-1f2a3b4c5d6e' }) id: string;
  @ApiProperty({ example: '6701' }) memberNumberLast4: string;
  @ApiProperty({ example: '1' }) referenceNumber: string;
  @ApiProperty({ example: '9b2e47…', description: 'Keyed hash of the card number, equal for the same card.' })
  fingerprint: string;
  @ApiProperty({ example: 'Alex' }) firstName: string;
  @ApiProperty({ example: 'Chen' }) lastName: string;
  @ApiProperty({ example: '1988-04-12' }) dateOfBirth: string;
  @ApiProperty({ type: String, nullable: true, example: 'J' }) secondInitial: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'F' }) sex: string | null;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', example: null }) verifiedAt: string | null;
  @ApiProperty({ example: false }) verified: boolean;

  static from(card: CardView['card']): MedicareCardResponse {
    const details = card.details as MedicareCardDetails;
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
      createdAt: card.createdAt.toISOString(),
      verifiedAt: iso(card.verifiedAt),
      verified: card.verified,
    };
  }
}

/** A card in a wallet listing: the common fields, then the fields of its type's spec object. */
export class WalletCardResponse {
  @ApiProperty({ example: '0193a6f7-5e6f-7a81-8c93-9d0e1f2a3b4c' }) id: string;
  @ApiProperty({ enum: ['payment_method', 'health_fund_card', 'medicare_card'], example: 'payment_method' })
  type: string;
  @ApiProperty({ example: 'visa' }) brand: string;
  @ApiProperty({ example: '4242' }) last4: string;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-22T05:28:59.000Z',
    format: 'date-time',
    description:
      'When it last changed; equal to `createdAt` until it changes. A card is not edited: it changes only when the service rescopes its `fingerprint`.',
  })
  updatedAt: string;
  @ApiProperty({ example: true }) verified: boolean;
  @ApiProperty({ required: false, example: 'cus_R3x9Kq2LmN7vPw', description: 'payment_method' }) customerId?: string;
  @ApiProperty({ required: false, example: '5678', description: 'health_fund_card, medicare_card' })
  memberNumberLast4?: string;
  @ApiProperty({ required: false, example: 'a3f1c2…', description: 'health_fund_card, medicare_card' })
  fingerprint?: string;
  @ApiProperty({
    required: false,
    type: String,
    nullable: true,
    format: 'date-time',
    example: '2026-11-22T05:31:12.000Z',
    description: 'health_fund_card, medicare_card',
  })
  verifiedAt?: string | null;
  @ApiProperty({ required: false, example: '0193a6f2-0001-7000-8000-000000000002', description: 'health_fund_card' })
  healthFundId?: string;
  @ApiProperty({ required: false, type: HealthFundResponse, nullable: true, description: 'health_fund_card' })
  healthFund?: HealthFundResponse | null;
  @ApiProperty({ required: false, type: String, nullable: true, example: '02', description: 'health_fund_card' })
  defaultReferenceNumber?: string | null;
  @ApiProperty({ required: false, type: String, nullable: true, example: '01', description: 'health_fund_card' })
  issueNumber?: string | null;
  @ApiProperty({ required: false, type: [String], example: ['Alex Chen'], description: 'health_fund_card' })
  cardholders?: string[];
  @ApiProperty({ required: false, example: '1', description: 'medicare_card' }) referenceNumber?: string;
  @ApiProperty({ required: false, example: 'Alex', description: 'medicare_card' }) firstName?: string;
  @ApiProperty({ required: false, example: 'Chen', description: 'medicare_card' }) lastName?: string;
  @ApiProperty({ required: false, example: '1988-04-12', description: 'medicare_card' }) dateOfBirth?: string;
  @ApiProperty({ required: false, type: String, nullable: true, example: 'J', description: 'medicare_card' })
  secondInitial?: string | null;
  @ApiProperty({ required: false, type: String, nullable: true, example: 'F', description: 'medicare_card' }) sex?:
    string | null;

  static from(read: CardView): WalletCardResponse {
    const { card } = read;
    const common = {
      id: card.id,
      type: card.type,
      brand: card.brand,
      last4: card.last4,
      createdAt: card.createdAt.toISOString(),
      updatedAt: card.updatedAt.toISOString(),
      verified: card.verified,
    };
    switch (card.type) {
      case 'payment_method':
        return { ...common, customerId: (card.details as PaymentMethodDetails).customerId };
      case 'health_fund_card':
        return { ...HealthFundCardResponse.from(read), ...common };
      case 'medicare_card':
        return { ...MedicareCardResponse.from(card), ...common };
    }
  }
}
