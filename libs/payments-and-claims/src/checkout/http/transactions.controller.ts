import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ApiErrors, ApiKeyed, ApiOk, ApiPagedResponse, ETagged, OrganisationIdParam, UuidParam } from '@app/shared';
import type { Page } from '@app/shared/domain';
import { TransactionQueries } from '../../ledger/application/transaction.queries.js';
import { VoidClaim } from '../../claims/application/void-claim.use-case.js';
import { ClaimResponse, MedicareClaimResponse } from '../../ledger/http/dto/claim.response.js';
import { ListTransactionsQuery, TransactionExpandQuery } from './dto/list-transactions.query.js';
import { TransactionResponse } from '../../ledger/http/dto/transaction.response.js';
import { ConfirmCheckOut } from '../application/confirm-check-out.use-case.js';
import { VerifyConfirmationRequest } from './dto/verify-confirmation.request.js';

const TransactionId = () => UuidParam('transactionId', 'Transaction');
const ConfirmationId = () => UuidParam('confirmationId', 'Confirmation');

// Operation ids name the typed client's methods: a route that moved here keeps the one it had.
@ApiTags('transactions')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/transactions')
export class TransactionsController {
  constructor(
    private readonly transactions: TransactionQueries,
    private readonly voidClaim: VoidClaim,
    private readonly confirmations: ConfirmCheckOut,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'List transactions',
    description:
      'Newest first (`createdAt desc, id desc`). Filters combine with AND: `bookingId`, `clientId`, `createdAtMin` (inclusive), `createdAtMax` (exclusive), `updatedSince` (a payment made through a link, a cancelled link, a refund or a voided claim changes a transaction).',
  })
  @ApiPagedResponse(TransactionResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(
    @OrganisationIdParam() organisationId: string,
    @Query() query: ListTransactionsQuery,
  ): Promise<Page<TransactionResponse>> {
    const filters = {
      bookingId: query.bookingId,
      clientId: query.clientId,
      createdAtMin: query.createdAtMin ? new Date(query.createdAtMin) : undefined,
      createdAtMax: query.createdAtMax ? new Date(query.createdAtMax) : undefined,
    };
    const page = await this.transactions.list(organisationId, filters, query);
    const options = { withBillableItems: Boolean(query.expand?.includes('transactionItems.billableItem')) };
    return { ...page, items: page.items.map((read) => TransactionResponse.from(read, options)) };
  }

  @Get(':transactionId')
  @ApiOperation({
    summary: 'Get a transaction',
    description:
      'With its payment transactions, claims and Medicare claims; takes the same `expand` as the list. `ETag` names its version.',
  })
  @ApiOk(TransactionResponse)
  @ETagged()
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async get(
    @OrganisationIdParam() organisationId: string,
    @TransactionId() transactionId: string,
    @Query() query: TransactionExpandQuery,
  ): Promise<TransactionResponse> {
    const options = { withBillableItems: Boolean(query.expand?.includes('transactionItems.billableItem')) };
    return TransactionResponse.from(await this.transactions.get(organisationId, transactionId), options);
  }

  @Post(':transactionId/claims/:claimId/void')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'Claims_void',
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
    @UuidParam('claimId', 'Health fund or Medicare claim') claimId: string,
  ): Promise<ClaimResponse | MedicareClaimResponse> {
    const voided = await this.voidClaim.execute(organisationId, transactionId, claimId);
    return 'fundClaim' in voided
      ? ClaimResponse.of(voided.fundClaim)
      : MedicareClaimResponse.from(voided.medicareClaim, null, { withCards: false });
  }

  @Post(':transactionId/confirmations/:confirmationId/verify')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'Confirmations_verify',
    summary: "Verify the patient's code",
    description: [
      'Finishes a check-out `awaiting_confirmation` with the code the patient was sent: its claims lodged, the gap charged',
      '(or its payment link made), the invoice issued, the confirmation `verified`, 200 with the transaction `completed`.',
      'A wrong code is 422 `confirmation_code_invalid` with `attemptsLeft`; the fifth is 409 `confirmation_locked`; after',
      '`expiresAt`, 410 `confirmation_expired`: both cancel the transaction (`status: "cancelled"`), nothing claimed or charged.',
      'A claim rejected when lodged (402 `claim_rejected`, `medicare_claim_rejected`), a declined card (402 `card_declined`),',
      'or a smaller benefit than the patient approved (409 `confirmation_stale`) cancels it too, its claims reversed.',
      'A payer that does not answer is 503 `claim_gateway_timeout`: still awaiting, verify again.',
      'A repeat of a verify answers as the first did; a confirmation cancelled with its booking is 409 `confirmation_cancelled`.',
      "Events: `confirmation.verified` (or `confirmation.expired`, `transaction.cancelled`), with the claims' and the payment's.",
    ].join(' '),
  })
  @ApiOk(TransactionResponse)
  @ApiErrors(
    HttpStatus.BAD_REQUEST,
    HttpStatus.PAYMENT_REQUIRED,
    HttpStatus.NOT_FOUND,
    HttpStatus.CONFLICT,
    HttpStatus.GONE,
    HttpStatus.UNPROCESSABLE_ENTITY,
    HttpStatus.SERVICE_UNAVAILABLE,
  )
  async verify(
    @OrganisationIdParam() organisationId: string,
    @TransactionId() transactionId: string,
    @ConfirmationId() confirmationId: string,
    @Body() body: VerifyConfirmationRequest,
  ): Promise<TransactionResponse> {
    const read = await this.confirmations.verify(organisationId, transactionId, confirmationId, body.code);
    return TransactionResponse.from(read, { withBillableItems: false });
  }

  @Post(':transactionId/confirmations/:confirmationId/resend')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'Confirmations_resend',
    summary: 'Send the patient a new code',
    description:
      'A new code to the same mobile number or email, with 15 minutes of its own; the code before it stops working. At most 3 times: then 409 `confirmation_resend_limit`. A confirmation no longer waiting answers as a verify would (409 `confirmation_locked`, 410 `confirmation_expired`, 409 `confirmation_verified` …). Event: `confirmation.sent`.',
  })
  @ApiOk(TransactionResponse)
  @ApiErrors(HttpStatus.NOT_FOUND, HttpStatus.CONFLICT, HttpStatus.GONE)
  async resend(
    @OrganisationIdParam() organisationId: string,
    @TransactionId() transactionId: string,
    @ConfirmationId() confirmationId: string,
  ): Promise<TransactionResponse> {
    const read = await this.confirmations.resend(organisationId, transactionId, confirmationId);
    return TransactionResponse.from(read, { withBillableItems: false });
  }
}
