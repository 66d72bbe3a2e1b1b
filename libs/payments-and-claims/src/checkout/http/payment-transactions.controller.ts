import { Body, Controller, HttpStatus, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiKeyed, OrganisationIdParam, UuidParam } from '@app/shared';
import { RefundPayment } from '../application/refund-payment.use-case.js';
import { RefundRequest } from './dto/refund.request.js';
import { AdjustmentTransactionResponse } from '../../ledger/http/dto/payment-transaction.response.js';

// Operation ids name the typed client's methods: a route that moved here keeps the one it had.
@ApiTags('transactions')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/payment-transactions')
export class PaymentTransactionsController {
  constructor(private readonly refundPayment: RefundPayment) {}

  @Post(':paymentTransactionId/refunds')
  @ApiOperation({
    operationId: 'Claims_refund',
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
