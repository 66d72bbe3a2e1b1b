import { Body, Controller, Get, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors, ApiKeyed, ApiOk, ApiPagedResponse, OrganisationIdParam, PageQuery, UuidParam } from '@app/shared';
import type { Page } from '@app/shared/domain';
import { AppointmentTypeQueries } from '../application/appointment-type.queries.js';
import { CreateAppointmentType } from '../application/create-appointment-type.use-case.js';
import { AppointmentTypeResponse } from './dto/appointment-type.response.js';
import { CreateAppointmentTypeRequest } from './dto/create-appointment-type.request.js';

@ApiTags('appointment types')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/appointment-types')
export class AppointmentTypesController {
  constructor(
    private readonly createAppointmentType: CreateAppointmentType,
    private readonly queries: AppointmentTypeQueries,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create an appointment type', description: 'Amounts are integer cents. Providers and locations must belong to the organisation.' })
  @ApiCreatedResponse({ type: AppointmentTypeResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async create(
    @OrganisationIdParam() organisationId: string,
    @Body() body: CreateAppointmentTypeRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AppointmentTypeResponse> {
    const type = await this.createAppointmentType.execute(organisationId, { ...body, providerIds: body.providers, locationIds: body.locations });
    response.location(`/v1/organisations/${organisationId}/appointment-types/${type.id}`);
    return AppointmentTypeResponse.from(type);
  }

  @Get()
  @ApiOperation({ summary: 'List appointment types', description: 'Newest first.' })
  @ApiPagedResponse(AppointmentTypeResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(@OrganisationIdParam() organisationId: string, @Query() query: PageQuery): Promise<Page<AppointmentTypeResponse>> {
    const page = await this.queries.list(organisationId, query);
    return { ...page, items: page.items.map((type) => AppointmentTypeResponse.from(type)) };
  }

  @Get(':appointmentTypeId')
  @ApiOperation({ summary: 'Get an appointment type', description: 'With its billable items.' })
  @ApiOk(AppointmentTypeResponse)
  @ApiErrors(HttpStatus.NOT_FOUND)
  async get(@OrganisationIdParam() organisationId: string, @UuidParam('appointmentTypeId', 'Appointment type') id: string): Promise<AppointmentTypeResponse> {
    return AppointmentTypeResponse.from(await this.queries.get(organisationId, id));
  }
}
