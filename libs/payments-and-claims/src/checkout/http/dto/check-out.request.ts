import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { CENTS_SCHEMA, IsCents, IsDateTimeWithOffset, MayBeOmitted, REQUEST_LIMITS } from '@app/shared';
import { PatientReferenceNumber } from '../../../claims/http/dto/patient-reference-number.js';

const HOURS = { message: `must be a whole number of hours from 1 to ${REQUEST_LIMITS.hours}` };

/** The most of one item a typed line may bill. */
const MAX_QUANTITY = 1000;

export class CheckOutItemRequest {
  @ApiProperty({
    required: false,
    example: '0193a6f8-8192-7db4-8fc6-2a3b4c5d6e7f',
    description:
      "One of the booking's appointment type's billable items, charged at its totalPrice. Either this alone, or description and chargeAmount.",
  })
  @ValidateIf((item: CheckOutItemRequest) => item.billableItemId !== undefined || item.description === undefined)
  @IsUUID('all', { message: 'must be a billable item id, or send description and chargeAmount' })
  billableItemId?: string;

  @ApiProperty({ required: false, example: 'Initial physiotherapy consultation', maxLength: 200 })
  @ValidateIf((item: CheckOutItemRequest) => item.billableItemId === undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  description?: string;

  @ApiProperty({
    required: false,
    example: '500',
    maxLength: 20,
    description: 'The fund or MBS item code a claim names.',
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(20)
  itemCode?: string;

  @ApiProperty({ required: false, example: 'P1', maxLength: 20 })
  @MayBeOmitted()
  @IsString()
  @MaxLength(20)
  clinicalCode?: string;

  @ApiProperty({
    required: false,
    example: 9500,
    ...CENTS_SCHEMA,
    description:
      "Integer cents, GST included: the unit amount. The transaction's item charges the line, `quantity × chargeAmount`.",
  })
  @ValidateIf((item: CheckOutItemRequest) => item.billableItemId === undefined)
  @IsCents()
  chargeAmount?: number;

  @ApiProperty({
    required: false,
    type: 'integer',
    minimum: 1,
    maximum: MAX_QUANTITY,
    default: 1,
    example: 1,
    description: 'With description and chargeAmount: how many of it; the line charges `quantity × chargeAmount`.',
  })
  @MayBeOmitted()
  @IsInt({ message: 'must be a whole number' })
  @Min(1)
  @Max(MAX_QUANTITY)
  quantity?: number;

  @ApiProperty({
    required: false,
    enum: [0, 10],
    default: 0,
    example: 0,
    description:
      'With description and chargeAmount: GST in percent, included in chargeAmount (most health services are GST-free: 0; a product such as an exercise band: 10). The invoice shows 1/11 of the line as GST, to the cent. A business not registered for GST refuses 10: 409 `business_not_gst_registered`.',
  })
  @MayBeOmitted()
  @IsIn([0, 10], { message: 'must be 0 or 10: GST in percent' })
  taxRate?: number;
}

export class HealthFundClaimRequest {
  @ApiProperty({
    example: '0193a6f7-6f70-7b92-8da4-0e1f2a3b4c5d',
    description: "A health fund card in the booking client's wallet.",
  })
  @IsUUID('all', { message: 'must be a wallet card id' })
  healthFundCardId: string;

  @PatientReferenceNumber('healthFundClaim.patientReferenceNumber') patientReferenceNumber?: string;

  @ApiProperty({
    required: false,
    example: 'HICAPS-T-0042',
    maxLength: 50,
    description: [
      "The claiming terminal the patient's card was swiped at: one of the booking location's `terminalIds`",
      '(`GET …/locations/{locationId}?expand=registrations`). Any other is 400 naming this field (code `unknown_terminal`),',
      'before the fund is asked. Left out, the claim names no terminal.',
    ].join(' '),
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(50)
  terminalId?: string;

  @ApiProperty({
    required: false,
    example: 'F',
    maxLength: 10,
    description: "The fund's service type code (F physiotherapy, H chiropractic…).",
  })
  @MayBeOmitted()
  @IsString()
  @MaxLength(10)
  serviceTypeCode?: string;
}

export class BenefitAssignmentRequest {
  @ApiProperty({
    enum: ['signed', 'sms'],
    example: 'sms',
    description:
      '`signed`: the patient signed an assignment of benefit form the clinic keeps (for 2 years); `sms`: the patient is sent a code to agree, and the check-out waits for it (`awaiting_confirmation`).',
  })
  @IsIn(['signed', 'sms'], { message: 'must be one of: signed, sms' })
  method: 'signed' | 'sms';

  @ApiProperty({
    required: false,
    example: '2026-11-21T00:40:00+11:00',
    format: 'date-time',
    description: 'With `signed`, required: when the patient signed, once the service began and not in the future.',
  })
  @ValidateIf(
    (assignment: BenefitAssignmentRequest) => assignment.method === 'signed' || assignment.signedAt !== undefined,
  )
  @IsDateTimeWithOffset()
  signedAt?: string;
}

export class MedicareClaimRequest {
  @ApiProperty({
    enum: ['bulk_bill', 'patient_claim'],
    example: 'bulk_bill',
    description: 'bulk_bill: the benefit is the whole fee, paid to the business.',
  })
  @IsIn(['bulk_bill', 'patient_claim'], { message: 'must be one of: bulk_bill, patient_claim' })
  type: 'bulk_bill' | 'patient_claim';

  @ApiProperty({
    example: '0193a6f7-7081-7ca3-8eb5-1f2a3b4c5d6e',
    description: "A Medicare card in the booking client's wallet.",
  })
  @IsUUID('all', { message: 'must be a wallet card id' })
  patientMedicareCardId: string;

  @ApiProperty({
    required: false,
    example: '0193a6f7-7081-7ca3-8eb5-1f2a3b4c5d6e',
    description: 'When someone else claims for the patient.',
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'must be a wallet card id' })
  claimantMedicareCardId?: string;

  @ApiProperty({
    required: false,
    example: '0193a6fa-0b1c-7d2e-8f30-4a5b6c7d8e9f',
    description: [
      "One of the booking client's referrals (`…/clients/{clientId}/referrals`), required when an item is one Medicare pays only on a referral",
      '(the allied health items, MBS 10950 to 10970): 409 `referral_required` without it.',
      "One that is not the client's, is archived, or was issued after the service is 400 naming this field;",
      'one whose `expiresOn` is before the day of the service (at the location) is 409 `referral_expired`.',
      'Each referred item takes one session: one with none left of its `sessionsReferred`,',
      'or a client who has had 5 referred services claimed in the calendar year of the service (across all their referrals), is 409 `referral_exhausted`.',
      'These are checked before Medicare is asked, and a refusal writes nothing. A claim voided gives its sessions back.',
    ].join(' '),
  })
  @MayBeOmitted()
  @IsUUID('all', { message: 'must be a referral id' })
  referralId?: string;

  @ApiProperty({
    required: false,
    type: BenefitAssignmentRequest,
    description:
      "A bulk bill's assignment of benefit, required with `bulk_bill` (400 without it) and refused with `patient_claim`: Medicare pays a bulk bill to the practice only on the patient's assignment.",
  })
  @MayBeOmitted()
  @IsObject({ message: 'must be an object' })
  @ValidateNested()
  @Type(() => BenefitAssignmentRequest)
  assignment?: BenefitAssignmentRequest;
}

export class CheckOutPaymentRequest {
  @ApiProperty({
    example: '0193a6f7-5e6f-7a81-8c93-9d0e1f2a3b4c',
    description: "A payment method in the booking client's wallet, charged the gap.",
  })
  @IsUUID('all', { message: 'must be a wallet card id' })
  paymentMethodId: string;
}

export class CheckOutPaymentLinkRequest {
  @ApiProperty({
    required: false,
    example: 72,
    default: 72,
    minimum: 1,
    maximum: REQUEST_LIMITS.hours,
    description: 'Hours until the link expires.',
  })
  @MayBeOmitted()
  @IsInt(HOURS)
  @Min(1, HOURS)
  @Max(REQUEST_LIMITS.hours, HOURS)
  expiresInHours?: number;
}

/** Every part optional; at least one of healthFundClaim, medicareClaim, payment and paymentLink. */
export class CheckOutRequest {
  @ApiProperty({
    required: false,
    type: [CheckOutItemRequest],
    description: "Default: the appointment type's billable items at their totalPrice.",
  })
  @MayBeOmitted()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => CheckOutItemRequest)
  items?: CheckOutItemRequest[];

  @ApiProperty({ required: false, type: HealthFundClaimRequest })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => HealthFundClaimRequest)
  healthFundClaim?: HealthFundClaimRequest;

  @ApiProperty({ required: false, type: MedicareClaimRequest })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => MedicareClaimRequest)
  medicareClaim?: MedicareClaimRequest;

  @ApiProperty({ required: false, type: CheckOutPaymentRequest })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => CheckOutPaymentRequest)
  payment?: CheckOutPaymentRequest;

  @ApiProperty({
    required: false,
    type: CheckOutPaymentLinkRequest,
    description: 'The gap is paid later through a link (its url is in the answer); `payment` wins when both are sent.',
  })
  @MayBeOmitted()
  @IsObject()
  @ValidateNested()
  @Type(() => CheckOutPaymentLinkRequest)
  paymentLink?: CheckOutPaymentLinkRequest;
}
