import { Body, Controller, Get, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors, ApiKeyed, ApiOk, UuidParam, ApiPagedResponse, PageQuery, OrganisationIdParam } from '@app/shared';
import type { Page } from '@app/shared/domain';
import { CreateBusiness } from '../application/create-business.use-case.js';
import { DirectoryQueries } from '../application/directory.queries.js';
import { BusinessResponse } from './dto/business.response.js';
import { CreateBusinessRequest } from './dto/create-business.request.js';

@ApiTags('businesses')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/businesses')
export class BusinessesController {
  constructor(
    private readonly createBusiness: CreateBusiness,
    private readonly queries: DirectoryQueries,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a business', description: 'An AU business needs a valid ABN as `taxIdentifier`.' })
  @ApiCreatedResponse({ type: BusinessResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async create(
    @OrganisationIdParam() organisationId: string,
    @Body() body: CreateBusinessRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<BusinessResponse> {
    const business = await this.createBusiness.execute(organisationId, body);
    response.location(`/v1/organisations/${organisationId}/businesses/${business.id}`);
    return BusinessResponse.from(business);
  }

  @Get()
  @ApiOperation({ summary: 'List businesses', description: 'Newest first.' })
  @ApiPagedResponse(BusinessResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(@OrganisationIdParam() organisationId: string, @Query() query: PageQuery): Promise<Page<BusinessResponse>> {
    const page = await this.queries.listBusinesses(organisationId, query);
    return { ...page, items: page.items.map((business) => BusinessResponse.from(business)) };
  }

  @Get(':businessId')
  @ApiOperation({ summary: 'Get a business', description: 'One business of the organisation.' })
  @ApiOk(BusinessResponse)
  @ApiErrors(HttpStatus.NOT_FOUND)
  async get(@OrganisationIdParam() organisationId: string, @UuidParam('businessId', 'Business') id: string): Promise<BusinessResponse> {
    return BusinessResponse.from(await this.queries.getBusiness(organisationId, id));
  }
}
