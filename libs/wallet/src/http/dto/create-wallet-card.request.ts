import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
  type ValidationArguments,
  registerDecorator,
} from 'class-validator';
import { MayBeOmitted } from '@app/shared';
import type { WalletCardType } from '../../domain/wallet-card.js';

export const WALLET_CARD_TYPES = [
  'payment_method',
  'health_fund_card',
  'medicare_card',
] as const satisfies readonly WalletCardType[];

/** The nested object `type` names must be present, and no other may be. */
function OnlyForType(type: WalletCardType): PropertyDecorator {
  return (target, property) => {
    registerDecorator({
      name: 'onlyForType',
      target: target.constructor,
      propertyName: String(property),
      validator: {
        validate: (value: unknown, args: ValidationArguments) => {
          const sentType = (args.object as { type?: string }).type;
          return sentType === type ? value !== undefined && value !== null : value === undefined;
        },
        defaultMessage: (args: ValidationArguments) =>
          (args.object as { type?: string }).type === type
            ? `is required when type is ${type}`
            : `must be absent unless type is ${type}`,
      },
    });
  };
}

export class PaymentMethodInput {
  @ApiProperty({
    required: false,
    example: 'cus_R3x9Kq2LmN7vPw',
    description: 'The processor customer; one is created when omitted.',
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(100)
  customerId?: string;

  @ApiProperty({
    required: false,
    example: 'ctoken_card_visa',
    description: "A confirmation token from the processor's card element. One of this or paymentMethodId.",
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(100)
  confirmationTokenId?: string;

  @ApiProperty({
    required: false,
    example: 'pm_card_visa',
    description: 'A processor payment method id. One of this or confirmationTokenId.',
  })
  @ValidateIf((input: PaymentMethodInput) => input.confirmationTokenId === undefined)
  @IsString({ message: 'paymentMethodId or confirmationTokenId is required' })
  @MaxLength(100)
  paymentMethodId?: string;
}

export class HealthFundCardInput {
  @ApiProperty({
    example: '40012345',
    description: '1 to 20 digits. Stored encrypted; only the last 4 are ever shown.',
  })
  @IsString()
  @IsNotEmpty()
  memberNumber: string;

  @ApiProperty({ example: '0193a6f2-0001-7000-8000-000000000002', description: 'A fund from GET /v1/health-funds.' })
  @IsUUID('all', { message: 'must be a health fund id' })
  healthFundId: string;

  @ApiProperty({ required: false, example: '01' })
  @MayBeOmitted()
  @Matches(/^\d{1,3}$/, { message: 'must be 1 to 3 digits' })
  issueNumber?: string;

  @ApiProperty({
    required: false,
    example: '02',
    description:
      "The patient's reference (position) on the card: the patient a fund claim or rebate estimate with this card is for when it names none (`patientReferenceNumber`). Without it, each claim must name one.",
  })
  @MayBeOmitted()
  @Matches(/^\d{1,2}$/, { message: 'must be 1 or 2 digits' })
  defaultReferenceNumber?: string;

  @ApiProperty({ required: false, type: String, nullable: true, example: '2025-07-01', description: 'YYYY-MM-DD.' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD' })
  issueDate?: string | null;

  @ApiProperty({
    required: false,
    type: [String],
    example: ['Alex Chen', 'Sam Chen'],
    description: 'Names on the card.',
  })
  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  cardholders?: string[];
}

export class MedicareCardInput {
  @ApiProperty({
    example: '2123456701',
    description: '10 digits with a valid check digit. Stored encrypted; only the last 4 are ever shown.',
  })
  @IsString()
  @IsNotEmpty()
  memberNumber: string;

  @ApiProperty({ example: '1', description: 'Individual reference number, 1 to 9.' })
  @IsString()
  @IsNotEmpty()
  referenceNumber: string;

  @ApiProperty({ example: 'Chen', maxLength: 40 })
  @IsString()
  @IsNotEmpty()
  lastName: string;

  @ApiProperty({ example: '1988-04-12', description: 'YYYY-MM-DD, in the past.' })
  @IsString()
  @IsNotEmpty()
  dateOfBirth: string;

  @ApiProperty({ example: 'Alex', maxLength: 40 })
  @IsString()
  @IsNotEmpty()
  firstName: string;

  @ApiProperty({ required: false, example: 'J' })
  @MayBeOmitted()
  @Matches(/^[A-Za-z]$/, { message: 'must be one letter' })
  secondInitial?: string;

  @ApiProperty({ required: false, enum: ['M', 'F', 'X'], example: 'F' })
  @MayBeOmitted()
  @IsIn(['M', 'F', 'X'])
  sex?: string;
}

export class CreateWalletCardRequest {
  @ApiProperty({
    enum: WALLET_CARD_TYPES,
    example: 'medicare_card',
    description: 'Names the one nested object that must be present.',
  })
  @IsIn(WALLET_CARD_TYPES, { message: `must be one of: ${WALLET_CARD_TYPES.join(', ')}` })
  type: WalletCardType;

  @ApiProperty({ required: false, type: PaymentMethodInput })
  @OnlyForType('payment_method')
  @ValidateIf(
    (request: CreateWalletCardRequest) => request.paymentMethod !== undefined || request.type === 'payment_method',
  )
  @IsObject()
  @ValidateNested()
  @Type(() => PaymentMethodInput)
  paymentMethod?: PaymentMethodInput;

  @ApiProperty({ required: false, type: HealthFundCardInput })
  @OnlyForType('health_fund_card')
  @ValidateIf(
    (request: CreateWalletCardRequest) => request.healthFundCard !== undefined || request.type === 'health_fund_card',
  )
  @IsObject()
  @ValidateNested()
  @Type(() => HealthFundCardInput)
  healthFundCard?: HealthFundCardInput;

  @ApiProperty({ required: false, type: MedicareCardInput })
  @OnlyForType('medicare_card')
  @ValidateIf(
    (request: CreateWalletCardRequest) => request.medicareCard !== undefined || request.type === 'medicare_card',
  )
  @IsObject()
  @ValidateNested()
  @Type(() => MedicareCardInput)
  medicareCard?: MedicareCardInput;
}

/** The three request shapes, for the OpenAPI document's discriminated union. */
export class PaymentMethodCardRequest {
  @ApiProperty({ enum: ['payment_method'], example: 'payment_method' }) type: 'payment_method';
  @ApiProperty({ type: PaymentMethodInput }) paymentMethod: PaymentMethodInput;
}

export class HealthFundCardRequest {
  @ApiProperty({ enum: ['health_fund_card'], example: 'health_fund_card' }) type: 'health_fund_card';
  @ApiProperty({ type: HealthFundCardInput }) healthFundCard: HealthFundCardInput;
}

export class MedicareCardRequest {
  @ApiProperty({ enum: ['medicare_card'], example: 'medicare_card' }) type: 'medicare_card';
  @ApiProperty({ type: MedicareCardInput }) medicareCard: MedicareCardInput;
}
