import { Body, Controller, Get, HttpCode, HttpStatus, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ApiErrors,
  ApiKeyed,
  ApiOk,
  ApiPagedResponse,
  type Caller,
  Conditional,
  CurrentCaller,
  ETagged,
  IfMatch,
  PageQuery,
  PlatformOnly,
  OrganisationIdParam,
} from '@app/shared';
import type { Page } from '@app/shared/domain';
import { CreateOrganisation } from '../application/create-organisation.use-case.js';
import { OrganisationQueries } from '../application/organisation.queries.js';
import { UpdateBookingSettings } from '../application/update-booking-settings.use-case.js';
import { UpdateOrganisation } from '../application/update-organisation.use-case.js';
import { BookingSettingsResponse } from './dto/booking-settings.response.js';
import { UpdateBookingSettingsRequest } from './dto/update-booking-settings.request.js';
import { CreateOrganisationRequest } from './dto/create-organisation.request.js';
import { OrganisationResponse } from './dto/organisation.response.js';
import { UpdateOrganisationRequest } from './dto/update-organisation.request.js';

@ApiTags('organisations')
@ApiKeyed()
@Controller('v1/organisations')
export class OrganisationsController {
  constructor(
    private readonly createOrganisation: CreateOrganisation,
    private readonly updateOrganisation: UpdateOrganisation,
    private readonly updateBookingSettings: UpdateBookingSettings,
    private readonly queries: OrganisationQueries,
  ) {}

  @Post()
  @PlatformOnly()
  @ApiOperation({
    summary: 'Create an organisation',
    description: 'Platform keys only. The slug is made unique from the name unless given.',
  })
  @ApiCreatedResponse({
    type: OrganisationResponse,
    headers: { Location: { description: 'URL of the new organisation', schema: { type: 'string' } } },
  })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.CONFLICT)
  async create(
    @Body() body: CreateOrganisationRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OrganisationResponse> {
    const organisation = await this.createOrganisation.execute(body);
    response.location(`/v1/organisations/${organisation.id}`);
    return OrganisationResponse.from(organisation);
  }

  @Get()
  @ApiOperation({
    summary: 'List organisations',
    description:
      'A platform key sees all of them; an organisation key only its own. Newest first; with `updatedSince`, in the order they changed.',
  })
  @ApiPagedResponse(OrganisationResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST)
  async list(@Query() query: PageQuery, @CurrentCaller() caller: Caller): Promise<Page<OrganisationResponse>> {
    const page = await this.queries.list(caller, query);
    return { ...page, items: page.items.map((organisation) => OrganisationResponse.from(organisation)) };
  }

  @Get(':organisationId')
  @ApiOperation({
    summary: 'Get an organisation',
    description: 'An organisation key reads only its own organisation. The `ETag` names this version.',
  })
  @ApiOk(OrganisationResponse)
  @ApiErrors(HttpStatus.NOT_FOUND)
  @ETagged()
  async get(@OrganisationIdParam() organisationId: string): Promise<OrganisationResponse> {
    return OrganisationResponse.from(await this.queries.get(organisationId));
  }

  @Patch(':organisationId')
  @ApiOperation({
    summary: 'Update organisation',
    description:
      'Changes only the fields sent; `null` clears a URL; `{}` changes nothing. Sending the deprecated `websiteUrl` adds `Deprecation: true` to the answer. ' +
      'A change records `organisation.updated`. With `If-Match`, only while the organisation is still the version named (412 otherwise).',
  })
  @ApiBody({ type: UpdateOrganisationRequest, required: true })
  @ApiOk(OrganisationResponse)
  @ApiErrors(
    HttpStatus.BAD_REQUEST,
    HttpStatus.NOT_FOUND,
    HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    HttpStatus.PAYLOAD_TOO_LARGE,
  )
  @Conditional()
  async update(
    @OrganisationIdParam() organisationId: string,
    @Body() body: UpdateOrganisationRequest,
    @IfMatch() ifMatch: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<OrganisationResponse> {
    if (body.websiteUrl !== undefined) response.setHeader('Deprecation', 'true');
    return OrganisationResponse.from(await this.updateOrganisation.execute(organisationId, body, ifMatch));
  }

  @Patch(':organisationId/booking-settings')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Update booking settings',
    description:
      'The settings behind booking data, cancellation policies and the emails clients and providers get, and `bookingsEnabled`. Only the fields sent change. ' +
      "The settings are part of the organisation: a change moves its `updatedAt` and ETag and records `organisation.updated`, and `If-Match` takes the organisation's ETag.",
  })
  @ApiOk(BookingSettingsResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  @Conditional()
  async updateSettings(
    @OrganisationIdParam() organisationId: string,
    @Body() body: UpdateBookingSettingsRequest,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<BookingSettingsResponse> {
    return BookingSettingsResponse.fromOrganisation(
      await this.updateBookingSettings.execute(organisationId, body, ifMatch),
    );
  }
}
