import { Injectable } from '@nestjs/common';
import { invalidField } from '@app/shared/domain';
import { type CardView, CardNumbers, type HealthFundCardDetails, type MedicareCardDetails } from '@app/wallet';
import { Claim } from '../../ledger/domain/claim.js';
import type { ClaimAgreement } from '../../ledger/domain/confirmation.js';
import { HealthFundGateway } from '../domain/health-fund-gateway.js';
import { MedicareClaim } from '../../ledger/domain/medicare-claim.js';
import { type MedicareCardholder, MedicareGateway, type MedicareClaimType } from '../domain/medicare-gateway.js';
import type { Referral } from '../domain/referral.js';
import type { TransactionItem } from '../../ledger/domain/transaction.js';

export interface ClaimableItem {
  itemCode: string;
  chargeAmount: number;
  serviceDate: Date;
  description: string;
}

export interface FundClaimCommand {
  healthFundCardId: string;
  /** The patient's position on the card (`01`, `2`); the card's `defaultReferenceNumber` when left out. */
  patientReferenceNumber?: string;
  terminalId?: string;
  serviceTypeCode?: string;
}

/** A fund claim or quote with its patient known: the reference sent, or the card's default (`patientOf`). */
export type FundClaimOfPatient = FundClaimCommand & { patientReferenceNumber: string };

/**
 * The command with the patient it is for: the position sent, else the fund card's
 * `defaultReferenceNumber`. A fund assesses a person on the card, never the card itself, so with
 * neither it is refused (`required`, naming `field`) before the fund is asked. `cards` are those the
 * caller checked: the command's card, a fund card of the client, is among them.
 */
export function patientOf(
  command: FundClaimCommand,
  cards: ReadonlyMap<string, CardView>,
  field: string,
): FundClaimOfPatient {
  const card = cards.get(command.healthFundCardId)?.card;
  const patientReferenceNumber =
    command.patientReferenceNumber ?? (card?.details as HealthFundCardDetails | undefined)?.defaultReferenceNumber;
  if (!patientReferenceNumber) {
    throw invalidField(
      field,
      'required',
      "is required: the patient's position on the fund card, which has no defaultReferenceNumber",
    );
  }
  return { ...command, patientReferenceNumber };
}

/** A bulk bill's assignment of benefit to the practice: a form the patient signed (`signedAt` then given), or their code by SMS. */
export interface BenefitAssignment {
  method: 'signed' | 'sms';
  signedAt?: string;
}

export interface MedicareClaimCommand {
  type: MedicareClaimType;
  /** Required for a bulk bill. */
  assignment?: BenefitAssignment;
  patientMedicareCardId: string;
  claimantMedicareCardId?: string;
  /** One of the client's referrals: required when an item is paid only on one (`needsReferral`). */
  referralId?: string;
}

const MEDICARE_TYPES: Record<MedicareClaimType, string> = { bulk_bill: 'Bulk bill', patient_claim: 'Patient claim' };

/**
 * Files claims through the fund and Medicare gateways and turns their answers into Claims. A claim
 * this returns was approved and is owed: the caller reverses it (`reverse…`) if the rest fails.
 */
@Injectable()
export class ClaimFiling {
  constructor(
    private readonly funds: HealthFundGateway,
    private readonly medicare: MedicareGateway,
    private readonly numbers: CardNumbers,
  ) {}

  /**
   * `cards` are those the caller checked (`WalletCardQueries.assertCards`): the claim's card is among
   * them. The patient is the one the caller named (`patientOf`): sent to the fund and kept on each item.
   */
  async healthFund(
    organisationId: string,
    command: FundClaimOfPatient,
    cards: ReadonlyMap<string, CardView>,
    providerNumber: string,
    items: ClaimableItem[],
    now: Date,
    mode: 'claim' | 'quote',
    agreement: ClaimAgreement | null = null,
  ): Promise<Claim> {
    const card = cardIn(cards, command.healthFundCardId, 'healthFundClaim.healthFundCardId');
    const details = card.details as HealthFundCardDetails;
    const request = {
      healthFundId: details.healthFundId,
      memberNumber: (await this.numbers.fullNumberOf(organisationId, card.id)) ?? '',
      patientReferenceNumber: command.patientReferenceNumber,
      providerNumber,
      terminalId: command.terminalId ?? null,
      serviceTypeCode: command.serviceTypeCode ?? null,
      items,
    };
    const answer = mode === 'claim' ? await this.funds.claim(request) : await this.funds.quote(request);
    return Claim.create(
      organisationId,
      {
        healthFundId: details.healthFundId,
        referenceNumber: answer.referenceNumber,
        providerNumber,
        isRebateEstimate: mode === 'quote',
        items: items.map((item, index) => ({
          itemCode: item.itemCode,
          chargeAmount: item.chargeAmount,
          rebateAmount: answer.items[index].rebateAmount,
          serviceDate: item.serviceDate,
          itemDescription: item.description,
          patientReferenceNumber: command.patientReferenceNumber,
          response: { statusCode: '0', responseCode: answer.items[index].responseCode },
        })),
        device: { terminalId: command.terminalId ?? null },
        agreement,
        serviceType: { code: command.serviceTypeCode ?? null, name: null },
        response: answer.response,
      },
      now,
    );
  }

  /**
   * `cards` are those the caller checked: the claim's cards are among them. `referral` is the one
   * the caller checked covers the items (`ReferralChecks`), sent to Medicare and kept on the claim.
   * `assess` asks Medicare for the benefit with nothing lodged (what the patient is asked to agree to).
   */
  async medicareClaim(
    organisationId: string,
    transactionId: string,
    command: MedicareClaimCommand,
    cards: ReadonlyMap<string, CardView>,
    servicedAt: { providerNumber: string; locationMinorId: string },
    items: ClaimableItem[],
    now: Date,
    referral: Referral | null,
    mode: 'claim' | 'assess' = 'claim',
    agreement: ClaimAgreement | null = null,
  ): Promise<MedicareClaim> {
    const patient = cardIn(cards, command.patientMedicareCardId, 'medicareClaim.patientMedicareCardId');
    const claimant = command.claimantMedicareCardId
      ? cardIn(cards, command.claimantMedicareCardId, 'medicareClaim.claimantMedicareCardId')
      : null;
    const request = {
      type: command.type,
      patient: await this.cardholder(organisationId, patient),
      claimant: claimant ? await this.cardholder(organisationId, claimant) : null,
      servicingProviderNumber: servicedAt.providerNumber,
      locationMinorId: servicedAt.locationMinorId,
      items,
      referral: referral && {
        issuedOn: referral.issuedOn,
        referringProviderNumber: referral.referringProviderNumber,
        type: referral.type,
      },
    };
    const answer = mode === 'claim' ? await this.medicare.claim(request) : await this.medicare.assess(request);
    return MedicareClaim.create(
      organisationId,
      transactionId,
      {
        reference: answer.mcolClaimId,
        type: { code: command.type, name: MEDICARE_TYPES[command.type] },
        paymentStatus:
          command.type === 'bulk_bill'
            ? { code: 'paid_to_provider', name: 'Paid to provider' }
            : { code: 'paid_to_patient', name: 'Paid to patient' },
        patientMedicareCardId: patient.id,
        claimantMedicareCardId: claimant?.id ?? null,
        referralId: referral?.id ?? null,
        agreement,
        // Every item is the one booking's service.
        serviceDate: items[0]?.serviceDate ?? null,
        // Medicare pays a bulk bill to the servicing provider unless a payee was named; none is here.
        payeeProviderNumber: servicedAt.providerNumber,
        mcolTransactionId: answer.mcolTransactionId,
        mcolClaimId: answer.mcolClaimId,
        items: items.map((item, index) => ({
          itemCode: item.itemCode,
          // A bulk bill: the practice accepts the benefit as the whole fee.
          chargeAmount: command.type === 'bulk_bill' ? answer.items[index].benefitAmount : item.chargeAmount,
          rebateAmount: answer.items[index].benefitAmount,
          mcolAssessmentCode: answer.items[index].mcolAssessmentCode,
        })),
      },
      now,
    );
  }

  /** The person a Medicare card names, with the card's whole number. */
  private async cardholder(organisationId: string, card: CardView['card']): Promise<MedicareCardholder> {
    const details = card.details as MedicareCardDetails;
    return {
      medicareNumber: (await this.numbers.fullNumberOf(organisationId, card.id)) ?? '',
      referenceNumber: details.referenceNumber,
      firstName: details.firstName,
      lastName: details.lastName,
      dateOfBirth: details.dateOfBirth,
    };
  }

  reverseHealthFund(claim: Claim): Promise<void> {
    return this.funds.reverse(claim.referenceNumber);
  }

  reverseMedicare(claim: MedicareClaim): Promise<void> {
    return this.medicare.reverse(claim.mcolClaimId ?? claim.reference);
  }
}

function cardIn(cards: ReadonlyMap<string, CardView>, id: string, field: string): CardView['card'] {
  const card = cards.get(id)?.card;
  if (!card) throw invalidField(field, 'not_found', 'names no card of this client');
  return card;
}

/** The items a claim can name: those with an item code and something left to charge. */
export function claimableItems(
  items: readonly Omit<TransactionItem, 'id'>[],
  serviceDate: Date,
  remaining: readonly number[],
): { index: number; item: ClaimableItem }[] {
  return items.flatMap((item, index) =>
    item.itemCode && remaining[index] > 0
      ? [
          {
            index,
            item: {
              itemCode: item.itemCode,
              chargeAmount: remaining[index],
              serviceDate,
              description: item.description,
            },
          },
        ]
      : [],
  );
}
