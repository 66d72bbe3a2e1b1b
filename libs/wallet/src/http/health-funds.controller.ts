import { Controller, Get, HttpStatus, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiKeyed, ApiPagedResponse, PageQuery } from '@app/shared';
import type { Page } from '@app/shared/domain';
import { HealthFundQueries } from '../application/health-fund.queries.js';
import { HealthFundResponse } from './dto/health-fund.response.js';

@ApiTags('health funds')
@ApiKeyed()
@Controller('v1/health-funds')
export class HealthFundsController {
  constructor(private readonly queries: HealthFundQueries) {}

  @Get()
  @ApiOperation({
    summary: 'List health funds',
    description:
      'Australian private health insurers that health fund cards and claims refer to, by name. A fixed catalogue: only an upgrade of the service adds a fund, and a fund never changes. ' +
      'So `updatedSince` lists the funds added at or after it (none, after the first sync), in the order they were added.',
  })
  @ApiPagedResponse(HealthFundResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST)
  async list(@Query() query: PageQuery): Promise<Page<HealthFundResponse>> {
    const page = await this.queries.list(query);
    return { ...page, items: page.items.map((fund) => HealthFundResponse.from(fund)) };
  }
}
