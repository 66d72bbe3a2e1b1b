import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiErrors, ApiKeyed, ApiOk, OrganisationIdParam, UuidParam } from '@app/shared';
import { EstimateRebate } from '../application/estimate-rebate.use-case.js';
import { RefundPayment } from '../application/refund-payment.use-case.js';
import { VoidClaim } from '../application/void-claim.use-case.js';
import { ClaimResponse, MedicareClaimResponse } from './dto/claim.response.js';
import { EstimateRequest } from './dto/estimate.request.js';
import { RefundRequest } from './dto/refund.request.js';
import { AdjustmentTransactionResponse } from './dto/payment-transaction.response.js';

const TransactionId = () => UuidParam('transactionId', 'Transaction');
const ClaimId = () => UuidParam('claimId', 'Health fund or Medicare claim');

@ApiTags('transactions')
@ApiKeyed()
@Controller('v1/organisations/:organisationId')
export class ClaimsController {
  constructor(
    private readonly estimateRebate: EstimateRebate,
    private readonly voidClaim: VoidClaim,
    private readonly refundPayment: RefundPayment,
  ) {}

  @Post('claims/estimates')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Estimate a health fund rebate',
    description:
      'The fund assesses the items in quote mode: `isRebateEstimate` is true, nothing is stored and no money moves. A rejected member is 402 `claim_rejected`.',
  })
  @ApiOk(ClaimResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.PAYMENT_REQUIRED, HttpStatus.NOT_FOUND, HttpStatus.SERVICE_UNAVAILABLE)
  async estimate(@OrganisationIdParam() organisationId: string, @Body() body: EstimateRequest): Promise<ClaimResponse> {
    const estimate = await this.estimateRebate.execute(
      organisationId,
      body.healthFundCardId,
      body.items.map((item) => ({
        itemCode: item.itemCode,
        chargeAmount: item.chargeAmount,
        description: item.description ?? item.itemCode,
      })),
    );
    return ClaimResponse.of(estimate);
  }

  @Post('transactions/:transactionId/claims/:claimId/void')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Void a health fund or Medicare claim',
    description:
      "Only on the business day it was made, in the location's time zone, else 409 `claim_not_voidable`. A health fund claim answers a Claim with `voidedAt` set; a Medicare claim answers a MedicareClaim whose `paymentStatus` is `voided`. The fund or Medicare is asked to reverse it, and what the business was paid for it (a rebate, a bulk bill's benefit) is taken back as an adjustment (`source: \"claim_void\"`) of the claim's payment transaction: the booking is no longer `paid`. Events: `claim.voided` or `medicare_claim.voided`.",
  })
  @ApiExtraModels(ClaimResponse, MedicareClaimResponse)
  @ApiOkResponse({
    schema: { oneOf: [{ $ref: getSchemaPath(ClaimResponse) }, { $ref: getSchemaPath(MedicareClaimResponse) }] },
  })
  @ApiErrors(HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async void(
    @OrganisationIdParam() organisationId: string,
    @TransactionId() transactionId: string,
    @ClaimId() claimId: string,
  ): Promise<ClaimResponse | MedicareClaimResponse> {
    const voided = await this.voidClaim.execute(organisationId, transactionId, claimId);
    return 'fundClaim' in voided
      ? ClaimResponse.of(voided.fundClaim)
      : MedicareClaimResponse.from(voided.medicareClaim, null, { withCards: false });
  }

  @Post('payment-transactions/:paymentTransactionId/refunds')
  @ApiOperation({
    summary: 'Refund a card payment',
    description:
      'Part or all of it, through the processor, as an adjustment with a negative amount (`source: "refund"`). Refunds never exceed the payment: 409 `refund_exceeds_payment`. After a payout, the refund is netted in the next one.',
  })
  @ApiCreatedResponse({ type: AdjustmentTransactionResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  refund(
    @OrganisationIdParam() organisationId: string,
    @UuidParam('paymentTransactionId', 'Payment transaction') paymentTransactionId: string,
    @Body() body: RefundRequest,
  ): Promise<AdjustmentTransactionResponse> {
    return this.refundPayment.execute(organisationId, paymentTransactionId, body.amount, body.reason ?? null);
  }
}
