import { Body, Controller, Get, HttpStatus, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ApiErrors,
  ApiKeyed,
  ApiOk,
  UuidParam,
  ApiPagedResponse,
  PageQuery,
  OrganisationIdParam,
  ETagged,
  Conditional,
  IfMatch,
} from '@app/shared';
import type { Page } from '@app/shared/domain';
import { CreateBusiness } from '../application/create-business.use-case.js';
import { DirectoryQueries } from '../application/directory.queries.js';
import { UpdateBusiness } from '../application/update-business.use-case.js';
import { BusinessResponse } from './dto/business.response.js';
import { CreateBusinessRequest } from './dto/create-business.request.js';
import { UpdateBusinessRequest } from './dto/update-business.request.js';

@ApiTags('businesses')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/businesses')
export class BusinessesController {
  constructor(
    private readonly createBusiness: CreateBusiness,
    private readonly updateBusiness: UpdateBusiness,
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
  @ApiOperation({
    summary: 'List businesses',
    description: 'Newest first; with `updatedSince`, in the order they changed.',
  })
  @ApiPagedResponse(BusinessResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(
    @OrganisationIdParam() organisationId: string,
    @Query() query: PageQuery,
  ): Promise<Page<BusinessResponse>> {
    const page = await this.queries.listBusinesses(organisationId, query);
    return { ...page, items: page.items.map((business) => BusinessResponse.from(business)) };
  }

  @Get(':businessId')
  @ApiOperation({
    summary: 'Get a business',
    description: 'One business of the organisation. The `ETag` names this version.',
  })
  @ApiOk(BusinessResponse)
  @ApiErrors(HttpStatus.NOT_FOUND)
  @ETagged()
  async get(
    @OrganisationIdParam() organisationId: string,
    @UuidParam('businessId', 'Business') id: string,
  ): Promise<BusinessResponse> {
    return BusinessResponse.from(await this.queries.getBusiness(organisationId, id));
  }

  @Patch(':businessId')
  @ApiOperation({
    summary: 'Update a business',
    description:
      'Changes only the fields sent: `name`, `taxIdentifier` (checked as an ABN for an AU business, as on create), `gstRegistered` and `settings`, of which only the settings sent change. ' +
      '`{}` changes nothing. A change records `business.updated`. With `If-Match`, only while the business is still the version named (412 otherwise).',
  })
  @ApiBody({ type: UpdateBusinessRequest, required: true })
  @ApiOk(BusinessResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  @Conditional()
  async update(
    @OrganisationIdParam() organisationId: string,
    @UuidParam('businessId', 'Business') id: string,
    @Body() body: UpdateBusinessRequest,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<BusinessResponse> {
    return BusinessResponse.from(await this.updateBusiness.execute(organisationId, id, body, ifMatch));
  }
}
