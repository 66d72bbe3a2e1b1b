import { Controller, Get, HttpStatus, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiCreatedResponse, ApiExtraModels, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiKeyed, ApiOk, ApiPagedResponse, ETagged, PageQuery, PlatformOnly, UuidParam } from '@app/shared';
import type { Page } from '@app/shared/domain';
import { PayoutQueries } from '../application/payout.queries.js';
import { RunPayout } from '../application/run-payout.use-case.js';
import { PaymentTransactionResponse } from '../../ledger/http/dto/payment-transaction.response.js';
import { PayoutResponse } from './dto/payout.response.js';
import { TransactionResponse } from '../../ledger/http/dto/transaction.response.js';
import { writeReconciliationCsv } from './reconciliation-csv.js';

const BusinessId = () => UuidParam('businessId', 'Business');
const PayoutId = () => UuidParam('payoutId', 'Payout');

/** What a payout's transactions list holds, and its CSV, as the OpenAPI document says it. */
const PAYOUT_TRANSACTIONS_DESCRIPTION = [
  'Card payments, health fund claims and Medicare claims that make up the payout, in `createdAt, id` order,',
  'each with its payment, claim, Medicare claim, payment links and events.',
  'A refund (or a void) made after its payment transaction was paid out is an adjustment of that payment transaction,',
  'counted by the next payout, which lists it again: its `payoutId` names the payout that paid its amount out,',
  "and each adjustment's `payoutId` the payout that counted it.",
  "The payout's amount is \u03a3 (amount \u2212 platformFeeAmount) of the items it paid out plus \u03a3 the adjustments it counted.",
  'A payout of another business is a 404.\n\nWith `Accept:',
  'text/csv` the answer is every payment transaction of the payout at once (no paging;',
  '`page` and `limit` are ignored) as RFC 4180 CSV for reconciliation against the bank,',
  'one row each in the same order under the header `id,createdAt,source,bookingId,clientName,amount,platformFeeAmount,adjustments,net`.',
  'Amounts are in cents;',
  '`adjustments` is the sum of the adjustments this payout counted of the row (a refund is negative),',
  'and `net` what this payout paid for it: `amount \u2212 platformFeeAmount + adjustments` for a row it paid out,',
  'only `adjustments` for one paid out earlier and listed again for a later refund.',
  "The `net` column adds up to the payout's `amount`.",
].join(' ');

@ApiTags('payouts')
@ApiKeyed()
// The Transaction schema is documented here for bookings' `latestTransaction` expansion.
@ApiExtraModels(TransactionResponse)
@Controller('v1/businesses/:businessId/payouts')
export class PayoutsController {
  constructor(
    private readonly queries: PayoutQueries,
    private readonly runPayout: RunPayout,
  ) {}

  @Post()
  @PlatformOnly()
  @ApiOperation({
    summary: 'Pay a business out now',
    description:
      'Platform keys only. What the daily run at PAYOUT_TIME does: one payout of what waits of the business (the amount less the platform fee of every payment transaction in no payout yet, plus every adjustment no payout counted, a refund after an earlier payout among them), `pending` until the bank takes it (`in_transit`), then `paid` or `failed` (its transactions then wait for the next run). Nothing waiting, or not more than zero, is 409 `nothing_to_pay_out`.',
  })
  @ApiCreatedResponse({ type: PayoutResponse })
  @ApiErrors(HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async create(
    @BusinessId() businessId: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PayoutResponse> {
    const payout = await this.runPayout.execute(businessId);
    response.location(`/v1/businesses/${businessId}/payouts/${payout.id}`);
    return PayoutResponse.from(payout);
  }

  @Get()
  @ApiOperation({
    summary: 'List payouts',
    description: "The business's payouts, newest first. A payout changes when its status moves on.",
  })
  @ApiPagedResponse(PayoutResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(@BusinessId() businessId: string, @Query() query: PageQuery): Promise<Page<PayoutResponse>> {
    const page = await this.queries.list(businessId, query);
    return { ...page, items: page.items.map((payout) => PayoutResponse.from(payout)) };
  }

  @Get(':payoutId')
  @ApiOperation({
    summary: 'Get a payout',
    description:
      'One payout of the business: its amount, status, arrival date and number of transactions. `ETag` names its version.',
  })
  @ApiOk(PayoutResponse)
  @ETagged()
  @ApiErrors(HttpStatus.NOT_FOUND)
  async get(@BusinessId() businessId: string, @PayoutId() payoutId: string): Promise<PayoutResponse> {
    return PayoutResponse.from(await this.queries.get(businessId, payoutId));
  }

  @Get(':payoutId/transactions')
  @ApiOperation({
    summary: 'List payment transactions in a payout',
    description: PAYOUT_TRANSACTIONS_DESCRIPTION,
  })
  @ApiPagedResponse(PaymentTransactionResponse, undefined, {
    'text/csv': {
      schema: { type: 'string' },
      example:
        'id,createdAt,source,bookingId,clientName,amount,platformFeeAmount,adjustments,net\r\n0193a6f2-0001-7000-8000-00000000a001,2027-07-01T00:05:00.000Z,payment,0193a6f2-0001-7000-8000-00000000b001,"Smith, Jane",12000,180,-1000,10820\r\n',
    },
  })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async transactions(
    @BusinessId() businessId: string,
    @PayoutId() payoutId: string,
    @Query() query: PageQuery,
    @Res() response: Response,
  ): Promise<void> {
    if (response.req.accepts(['application/json', 'text/csv']) === 'text/csv') {
      return writeReconciliationCsv(
        response,
        `payout-${payoutId}.csv`,
        await this.queries.reconciliation(businessId, payoutId),
      );
    }
    const page = await this.queries.transactions(businessId, payoutId, query);
    response.json({ ...page, items: page.items.map((read) => PaymentTransactionResponse.from(read, 'payout')) });
  }
}
