import { Body, Controller, Get, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors, ApiKeyed, ApiOk, ApiPagedResponse, ETagged, OrganisationIdParam, UuidParam } from '@app/shared';
import type { Page } from '@app/shared/domain';
import { CheckOutBooking } from '../application/check-out-booking.use-case.js';
import { TransactionQueries } from '../application/transaction.queries.js';
import { CheckOutRequest } from './dto/check-out.request.js';
import { ListTransactionsQuery, TransactionExpandQuery } from './dto/list-transactions.query.js';
import { TransactionResponse } from './dto/transaction.response.js';

const BookingId = () => UuidParam('bookingId', 'Booking');

@ApiTags('transactions')
@ApiKeyed()
@Controller('v1/organisations/:organisationId')
export class TransactionsController {
  constructor(
    private readonly checkOutBooking: CheckOutBooking,
    private readonly transactions: TransactionQueries,
  ) {}

  @Post('bookings/:bookingId/transactions')
  @ApiOperation({
    summary: 'Check out a booking',
    description:
      "Claims go first (Medicare, then the health fund on what Medicare left), then `payment` is charged the gap. A booking checked out again (after a void, or a link that expired unpaid) collects only what is still open: this check-out's items less what earlier check-outs still hold (payments less refunds, claims not voided); nothing open is 409 `booking_already_paid`, and so are claims that would make the business hold more than the items charge. All or nothing: a declined card is 402 `card_declined` and the approved claims are reversed; a rejected claim is 402 `claim_rejected` or `medicare_claim_rejected`; a gateway that does not answer is 503 `claim_gateway_timeout`, the card processor 503 `payment_processor_unavailable` (with `Retry-After`; what was claimed or charged is reversed). A gap with no payment is 400. A paid booking is 409 `booking_already_paid`, a cancelled one 409 `booking_cancelled`, one whose payment link is still open 409 `payment_link_open`, one whose earlier card payment waits for its cardholder 409 `payment_requires_action`; a claim of a kind an earlier check-out made and nobody voided 409 `booking_already_claimed`; a card payment at a business with no account at the processor (`merchantId`) 409 `business_not_connected`. The booking's `paid` becomes true, unless the cardholder's bank asks them to confirm the payment (3-D Secure): then its `payment.status` is `requires_action` with the `clientSecret` their page confirms it with, and the booking is paid when the processor reports the payment succeeded.",
  })
  @ApiCreatedResponse({ type: TransactionResponse })
  @ApiErrors(
    HttpStatus.BAD_REQUEST,
    HttpStatus.PAYMENT_REQUIRED,
    HttpStatus.NOT_FOUND,
    HttpStatus.CONFLICT,
    HttpStatus.SERVICE_UNAVAILABLE,
  )
  async checkOut(
    @OrganisationIdParam() organisationId: string,
    @BookingId() bookingId: string,
    @Body() body: CheckOutRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<TransactionResponse> {
    const items = body.items?.map((item) =>
      item.billableItemId !== undefined
        ? { billableItemId: item.billableItemId }
        : {
            description: item.description!,
            itemCode: item.itemCode,
            clinicalCode: item.clinicalCode,
            chargeAmount: item.chargeAmount!,
          },
    );
    const read = await this.checkOutBooking.execute(organisationId, bookingId, { ...body, items });
    response.location(`/v1/organisations/${organisationId}/transactions/${read.transaction.id}`);
    return TransactionResponse.from(read, { withBillableItems: false });
  }

  @Get('transactions')
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

  @Get('transactions/:transactionId')
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
    @UuidParam('transactionId', 'Transaction') transactionId: string,
    @Query() query: TransactionExpandQuery,
  ): Promise<TransactionResponse> {
    const options = { withBillableItems: Boolean(query.expand?.includes('transactionItems.billableItem')) };
    return TransactionResponse.from(await this.transactions.get(organisationId, transactionId), options);
  }
}
