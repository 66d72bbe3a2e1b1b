import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiKeyed, ApiOk, OrganisationIdParam } from '@app/shared';
import { EstimateRebate } from '../application/estimate-rebate.use-case.js';
import { ClaimResponse } from '../../ledger/http/dto/claim.response.js';
import { EstimateRequest } from './dto/estimate.request.js';

@ApiTags('transactions')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/claims')
export class ClaimsController {
  constructor(private readonly estimateRebate: EstimateRebate) {}

  @Post('estimates')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Estimate a health fund rebate',
    description:
      'The fund assesses the items in quote mode: `isRebateEstimate` is true, nothing is stored and no money moves. ' +
      "A fund quotes for a person on the card, as it claims: `patientReferenceNumber`, else the card's `defaultReferenceNumber`; " +
      'with neither it is 400 naming `patientReferenceNumber` (code `required`), and the fund is not asked. A rejected member is 402 `claim_rejected`.',
  })
  @ApiOk(ClaimResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.PAYMENT_REQUIRED, HttpStatus.NOT_FOUND, HttpStatus.SERVICE_UNAVAILABLE)
  async estimate(@OrganisationIdParam() organisationId: string, @Body() body: EstimateRequest): Promise<ClaimResponse> {
    const estimate = await this.estimateRebate.execute(
      organisationId,
      { healthFundCardId: body.healthFundCardId, patientReferenceNumber: body.patientReferenceNumber },
      body.items.map((item) => ({
        itemCode: item.itemCode,
        chargeAmount: item.chargeAmount,
        description: item.description ?? item.itemCode,
      })),
    );
    return ClaimResponse.of(estimate);
  }
}
