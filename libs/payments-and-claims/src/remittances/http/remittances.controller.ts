import { Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiKeyed, ApiOk, ApiPagedResponse, ETagged, PageQuery, PlatformOnly, UuidParam } from '@app/shared';
import type { Page } from '@app/shared/domain';
import { FetchRemittances } from '../application/fetch-remittances.use-case.js';
import { ReconcileRemittance } from '../application/reconcile-remittance.use-case.js';
import { RemittanceQueries } from '../application/remittance.queries.js';
import { FetchedRemittancesResponse } from './dto/fetched-remittances.response.js';
import { ListRemittancesQuery } from './dto/list-remittances.query.js';
import { RemittanceResponse } from './dto/remittance.response.js';
import { RemittedClaimResponse } from './dto/remitted-claim.response.js';

const BusinessId = () => UuidParam('businessId', 'Business');
const RemittanceId = () => UuidParam('remittanceId', 'Remittance');

@ApiTags('remittances')
@ApiKeyed()
@Controller('v1/businesses/:businessId/remittances')
export class RemittancesController {
  constructor(
    private readonly queries: RemittanceQueries,
    private readonly fetchRemittances: FetchRemittances,
    private readonly reconcileRemittance: ReconcileRemittance,
  ) {}

  @Post('fetch')
  @PlatformOnly()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Ask the payers what they have paid a business',
    description:
      "Platform keys only. What the daily job does (at REMITTANCE_FETCH_TIME, 07:00 in Sydney by default): asks Medicare and the health funds for their payment reports of the business's bulk bills and fund claims that no remittance has paid yet, and records a remittance per deposit. Fetching again (or at once, or on another instance) never makes a remittance twice: a deposit is recorded once, and a claim is paid by one remittance at most. `remittance.received` for each; with the business setting `autoReconciliationEnabled`, one whose amount matches its claims is reconciled at once (`remittance.reconciled`).",
  })
  @ApiOk(FetchedRemittancesResponse)
  @ApiErrors(HttpStatus.NOT_FOUND, HttpStatus.SERVICE_UNAVAILABLE)
  async fetch(@BusinessId() businessId: string): Promise<FetchedRemittancesResponse> {
    const made = await this.fetchRemittances.execute(businessId);
    return { items: made.map((remittance) => RemittanceResponse.from(remittance)) };
  }

  @Get()
  @ApiOperation({
    summary: 'List remittances',
    description:
      "What Medicare and the health funds deposited into the business's bank account for its claims, newest payment first. A patient claim's benefit is paid to the patient and is in none. Filter by `status`.",
  })
  @ApiPagedResponse(RemittanceResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(
    @BusinessId() businessId: string,
    @Query() query: ListRemittancesQuery,
  ): Promise<Page<RemittanceResponse>> {
    const page = await this.queries.list(businessId, { status: query.status }, query);
    return { ...page, items: page.items.map((remittance) => RemittanceResponse.from(remittance)) };
  }

  @Get(':remittanceId')
  @ApiOperation({
    summary: 'Get a remittance',
    description: 'One deposit of a payer and what it was expected to be. `ETag` names its version.',
  })
  @ApiOk(RemittanceResponse)
  @ETagged()
  @ApiErrors(HttpStatus.NOT_FOUND)
  async get(@BusinessId() businessId: string, @RemittanceId() remittanceId: string): Promise<RemittanceResponse> {
    return RemittanceResponse.from(await this.queries.get(businessId, remittanceId));
  }

  @Get(':remittanceId/claims')
  @ApiOperation({
    summary: 'List the claims a remittance paid',
    description:
      'The payment transactions of the claims it paid, in `createdAt, id` order, each with its Claim or MedicareClaim (whose payment is recorded once the remittance is reconciled) and `paidAmount`, what the payer paid for it.',
  })
  @ApiPagedResponse(RemittedClaimResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async claims(
    @BusinessId() businessId: string,
    @RemittanceId() remittanceId: string,
    @Query() query: PageQuery,
  ): Promise<Page<RemittedClaimResponse>> {
    const page = await this.queries.claims(businessId, remittanceId, query);
    return { ...page, items: page.items.map((claim) => RemittedClaimResponse.of(claim)) };
  }

  @Post(':remittanceId/reconcile')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Reconcile a remittance',
    description:
      "The business takes the deposit as paid: it becomes `reconciled`, and each claim it paid records its payment (a Claim's `payment`; a MedicareClaim's `paymentStatus.payment`) at what the payer paid for it, a `discrepancy`'s too. Event `remittance.reconciled`. Once only: a reconciled one is 409 `remittance_reconciled`.",
  })
  @ApiOk(RemittanceResponse)
  @ApiErrors(HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async reconcile(@BusinessId() businessId: string, @RemittanceId() remittanceId: string): Promise<RemittanceResponse> {
    return RemittanceResponse.from(await this.reconcileRemittance.execute(businessId, remittanceId));
  }
}
