import { ApiProperty } from '@nestjs/swagger';
import { ApiCents } from '@app/shared';
import type { HealthFund } from '@app/wallet';
import { MedicareCardResponse } from '@app/wallet/http';
import type { Claim } from '../../domain/claim.js';
import type { MedicareClaim } from '../../domain/medicare-claim.js';
import { AGREEMENT_METHODS, type AgreementMethod } from '../../domain/confirmation.js';
import type { FiledClaim } from '../../application/claim-views.js';
import type { PaymentTransactionView } from '../../application/payment-transaction.queries.js';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

class StatusResponse {
  @ApiProperty({ type: String, nullable: true, example: '0' }) statusCode: string | null;
  @ApiProperty({ type: String, nullable: true, example: '00' }) responseCode: string | null;
}

class ClaimItemResponse {
  @ApiProperty({ example: '0193a6fc-c536-7108-930a-6e7f8091a2b3' }) id: string;
  @ApiProperty({ example: '560' }) itemCode: string;
  @ApiProperty({ type: String, nullable: true, example: '02' }) patientReferenceNumber: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'SR-1' }) serviceReference: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Initial physiotherapy consultation' }) itemDescription:
    string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Initial consult' }) itemName: string | null;
  @ApiCents({ example: 9500, description: 'Integer cents.' }) chargeAmount: number;
  @ApiCents({ example: 6000, description: 'Integer cents.' }) rebateAmount: number;
  @ApiProperty({ example: '2026-11-20T23:00:00.000Z', format: 'date-time' }) serviceDate: string;
  @ApiProperty({ type: StatusResponse }) response: StatusResponse;
}

class ClaimHealthFundResponse {
  @ApiProperty({
    required: false,
    example: '0193a6f2-0001-7000-8000-000000000002',
    description: 'Present where the claim sits inside a booking transaction.',
  })
  id?: string;
  @ApiProperty({ example: 'Bupa HI' }) name: string;
  @ApiProperty({ type: Object, additionalProperties: { type: 'boolean' }, example: { onlineClaiming: true } })
  capabilities: Record<string, boolean>;
}

class ClaimPaymentResponse {
  @ApiCents({ example: 6000, description: 'Integer cents.' }) paymentAmount: number;
  @ApiProperty({ type: String, nullable: true, example: '4821' }) bankAccountNumberLast4: string | null;
  @ApiProperty({ type: String, nullable: true, example: '062-000' }) bankAccountBsb: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'HF-PAY-77812' }) paymentReference: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', example: '2026-11-24T00:00:00.000Z' }) paymentDate:
    string | null;
}

class ReversalRuleResponse {
  @ApiProperty({ example: true, description: 'Whether the claim may be reversed.' }) enabled: boolean;
}

class ReversalRulesResponse {
  @ApiProperty({ type: ReversalRuleResponse }) reversal: ReversalRuleResponse;
}

class ClaimDeviceResponse {
  @ApiProperty({ type: String, nullable: true, example: 'HICAPS-T-0042', description: 'The claiming terminal.' })
  terminalId: string | null;
}

class ClaimServiceTypeResponse {
  @ApiProperty({ type: String, nullable: true, example: 'P' }) code: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Physiotherapy' }) name: string | null;
}

class ClaimOutcomeResponse {
  @ApiProperty({ type: String, nullable: true, example: '0' }) statusCode: string | null;
  @ApiProperty({ type: String, nullable: true, example: '00' }) responseCode: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Approved', description: "The fund's own words." }) freeText:
    string | null;
}

class ClaimProviderResponse {
  @ApiProperty({ type: String, nullable: true, example: '2429591L' }) providerNumber: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Priya Raman' }) name: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'physiotherapist' }) categoryCode: string | null;
}

class AgreementResponse {
  @ApiProperty({
    enum: AGREEMENT_METHODS,
    example: 'sms',
    description:
      "`terminal`: the patient's card swiped at the location's terminal; `signed`: a signed form the clinic holds; `sms`, `email`: a code sent to the patient and given back; `app`: approved in the patient's app.",
  })
  method: AgreementMethod;
  @ApiProperty({
    example: '2026-11-21T00:11:30.000Z',
    format: 'date-time',
    description: 'When: the swipe, the signature, or the code verified.',
  })
  agreedAt: string;
  @ApiProperty({
    required: false,
    example: '0193a6f1-2b3c-7d4e-8f50-6a7b8c9d0e1f',
    description: 'The member who approved it in the app.',
  })
  memberId?: string;
}

const AGREEMENT = {
  type: AgreementResponse,
  nullable: true,
  description:
    'How the patient agreed to the claim; `null` for a rebate estimate, a Medicare patient claim (the patient claims it) and claims made before agreements were kept.',
} as const;

export class ClaimResponse {
  @ApiProperty({ example: '0193a6fc-b425-70e7-82f9-5d6e7f8091a2' }) id: string;
  @ApiProperty({ example: 'HC-2026-000123' }) referenceNumber: string;
  @ApiProperty({ example: '2429591L' }) providerNumber: string;
  @ApiProperty({ example: '2026-11-21T00:10:00.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', example: null }) cancelledAt: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', example: null }) voidedAt: string | null;
  @ApiProperty({ example: false }) isRebateEstimate: boolean;
  @ApiCents({ example: 9500, description: "Integer cents: the items' charges added up." }) totalChargeAmount: number;
  @ApiCents({ example: 6000, description: "Integer cents: the items' rebates added up." }) totalRebateAmount: number;
  @ApiCents({ example: 3500, description: 'Integer cents: charge less rebate.' }) totalGapAmount: number;
  @ApiProperty({ type: [ClaimItemResponse] }) items: ClaimItemResponse[];
  @ApiProperty({ type: ClaimDeviceResponse }) device: ClaimDeviceResponse;
  @ApiProperty({ type: ClaimServiceTypeResponse }) serviceType: ClaimServiceTypeResponse;
  @ApiProperty({ type: ClaimHealthFundResponse, nullable: true }) healthFund: ClaimHealthFundResponse | null;
  @ApiProperty({ type: ReversalRulesResponse }) rules: ReversalRulesResponse;
  @ApiProperty({ type: ClaimOutcomeResponse }) response: ClaimOutcomeResponse;
  @ApiProperty({ type: ClaimPaymentResponse, nullable: true }) payment: ClaimPaymentResponse | null;
  @ApiProperty({ type: ClaimProviderResponse }) provider: ClaimProviderResponse;
  @ApiProperty(AGREEMENT) agreement: AgreementResponse | null;

  /** A claim answered alone (estimate, void) or as an event's `data`: with its fund's id. */
  static of({ claim, healthFund }: FiledClaim): ClaimResponse {
    return ClaimResponse.from(claim, healthFund, { withFundId: true });
  }

  static from(claim: Claim, fund: HealthFund | null, options: { withFundId: boolean }): ClaimResponse {
    return {
      id: claim.id,
      referenceNumber: claim.referenceNumber,
      providerNumber: claim.providerNumber,
      createdAt: claim.createdAt.toISOString(),
      cancelledAt: iso(claim.cancelledAt),
      voidedAt: iso(claim.voidedAt),
      isRebateEstimate: claim.isRebateEstimate,
      totalChargeAmount: claim.totalChargeAmount,
      totalRebateAmount: claim.totalRebateAmount,
      totalGapAmount: claim.totalGapAmount,
      items: claim.items.map((item) => ({
        id: item.id,
        itemCode: item.itemCode,
        patientReferenceNumber: item.patientReferenceNumber,
        serviceReference: item.serviceReference,
        itemDescription: item.itemDescription,
        itemName: item.itemName,
        chargeAmount: item.chargeAmount,
        rebateAmount: item.rebateAmount,
        serviceDate: item.serviceDate,
        response: { statusCode: item.response.statusCode, responseCode: item.response.responseCode },
      })),
      device: { terminalId: claim.device.terminalId },
      serviceType: { code: claim.serviceType.code, name: claim.serviceType.name },
      healthFund: fund
        ? { ...(options.withFundId ? { id: fund.id } : {}), name: fund.name, capabilities: fund.capabilities }
        : null,
      rules: { reversal: { enabled: claim.rules.reversal.enabled } },
      response: {
        statusCode: claim.response.statusCode,
        responseCode: claim.response.responseCode,
        freeText: claim.response.freeText,
      },
      payment: claim.payment && {
        paymentAmount: claim.payment.paymentAmount,
        bankAccountNumberLast4: claim.payment.bankAccountNumberLast4,
        bankAccountBsb: claim.payment.bankAccountBsb,
        paymentReference: claim.payment.paymentReference,
        paymentDate: claim.payment.paymentDate,
      },
      provider: {
        providerNumber: claim.provider.providerNumber,
        name: claim.provider.name,
        categoryCode: claim.provider.categoryCode,
      },
      agreement: claim.agreement,
    };
  }
}

class MedicareClaimItemResponse {
  @ApiProperty({ example: '0193a6fd-d647-7219-a41b-7f8091a2b3c4' }) id: string;
  @ApiProperty({ example: '10960' }) itemCode: string;
  @ApiProperty({ type: String, nullable: true, example: 'A' }) mcolAssessmentCode: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) mcolErrorCode: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) mcolErrorMessage: string | null;
  @ApiCents({ example: 9500, description: 'Integer cents.' }) chargeAmount: number;
  @ApiCents({ example: 6205, description: 'Integer cents.' }) rebateAmount: number;
  @ApiCents({ example: 3295, description: 'Integer cents: charge less rebate.' }) gapAmount: number;
  @ApiProperty({ example: 1 }) patientCount: number;
  @ApiProperty({ example: 1 }) quantity: number;
}

export class MedicareClaimResponse {
  @ApiProperty({ example: '0193a6fd-c536-7108-930a-6e7f8091a2b3' }) id: string;
  @ApiProperty({ example: 'MC-2026-000456' }) reference: string;
  @ApiProperty({ type: String, nullable: true, example: 'MCOL-TX-88123' }) mcolTransactionId: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'MCOL-CL-55120' }) mcolClaimId: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) mcolErrorCode: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) mcolErrorMessage: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '0193a6fb-b425-70e7-82f9-5d6e7f8091a2',
    description: 'The Transaction the claim was made for.',
  })
  transactionId: string | null;
  @ApiProperty({ example: '2026-11-21T00:10:00.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: Object, example: { code: 'bulk_bill', name: 'Bulk bill' } }) type: Record<string, unknown>;
  @ApiProperty({
    type: Object,
    example: { code: 'paid_to_provider', name: 'Paid to provider' },
    description:
      "`code`: `paid_to_provider` (bulk bill), `paid_to_patient` (patient claim), or `voided` once voided (the same business day only). A bulk bill whose remittance was reconciled carries `payment` too, as a health fund Claim's: `paymentAmount`, `paymentDate`, `paymentReference`, `bankAccountBsb`, `bankAccountNumberLast4`.",
  })
  paymentStatus: Record<string, unknown>;
  @ApiCents({ example: 9500, description: 'Integer cents.' }) totalChargeAmount: number;
  @ApiCents({ example: 6205, description: 'Integer cents.' }) totalRebateAmount: number;
  @ApiCents({ example: 3295, description: 'Integer cents.' }) totalGapAmount: number;
  @ApiProperty({ example: 1 }) itemsCount: number;
  @ApiProperty({ type: [MedicareClaimItemResponse] }) items: MedicareClaimItemResponse[];
  @ApiProperty({ type: ReversalRulesResponse }) rules: ReversalRulesResponse;
  @ApiProperty({ example: '0193a6f7-7081-7ca3-8eb5-1f2a3b4c5d6e' }) patientMedicareCardId: string;
  @ApiProperty({ type: String, nullable: true, example: null }) claimantMedicareCardId: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '0193a6f8-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
    description: "The client's referral the claim was made under, for an item Medicare pays only on one.",
  })
  referralId: string | null;
  @ApiProperty(AGREEMENT) agreement: AgreementResponse | null;
  @ApiProperty({
    required: false,
    type: MedicareCardResponse,
    nullable: true,
    description: 'Payout listing only. Last 4 digits only.',
  })
  patientMedicareCard?: MedicareCardResponse | null;
  @ApiProperty({
    required: false,
    type: MedicareCardResponse,
    nullable: true,
    description: 'Payout listing only. Last 4 digits only.',
  })
  claimantMedicareCard?: MedicareCardResponse | null;

  /** `read` gives the cards, which only a payout listing shows (`withCards`). */
  static from(
    claim: MedicareClaim,
    read: PaymentTransactionView | null,
    options: { withCards: boolean },
  ): MedicareClaimResponse {
    return {
      id: claim.id,
      reference: claim.reference,
      mcolTransactionId: claim.mcolTransactionId,
      mcolClaimId: claim.mcolClaimId,
      mcolErrorCode: claim.mcolErrorCode,
      mcolErrorMessage: claim.mcolErrorMessage,
      transactionId: claim.transactionId,
      createdAt: claim.createdAt.toISOString(),
      type: claim.type,
      paymentStatus: claim.paymentStatus,
      totalChargeAmount: claim.totalChargeAmount,
      totalRebateAmount: claim.totalRebateAmount,
      totalGapAmount: claim.totalGapAmount,
      itemsCount: claim.itemsCount,
      items: claim.items.map((item) => ({
        id: item.id,
        itemCode: item.itemCode,
        mcolAssessmentCode: item.mcolAssessmentCode,
        mcolErrorCode: item.mcolErrorCode,
        mcolErrorMessage: item.mcolErrorMessage,
        chargeAmount: item.chargeAmount,
        rebateAmount: item.rebateAmount,
        gapAmount: item.gapAmount,
        patientCount: item.patientCount,
        quantity: item.quantity,
      })),
      rules: { reversal: { enabled: claim.rules.reversal.enabled } },
      patientMedicareCardId: claim.patientMedicareCardId,
      claimantMedicareCardId: claim.claimantMedicareCardId,
      referralId: claim.referralId,
      agreement: claim.agreement,
      ...(options.withCards && read
        ? {
            patientMedicareCard: read.patientMedicareCard && MedicareCardResponse.from(read.patientMedicareCard.card),
            claimantMedicareCard:
              read.claimantMedicareCard && MedicareCardResponse.from(read.claimantMedicareCard.card),
          }
        : {}),
    };
  }
}
