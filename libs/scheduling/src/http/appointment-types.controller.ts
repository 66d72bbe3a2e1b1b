import { Body, Controller, Delete, Get, HttpStatus, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiTags, IntersectionType } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ApiErrors,
  ApiKeyed,
  ApiOk,
  ApiPagedResponse,
  Conditional,
  ETagged,
  IfMatch,
  IncludeDeletedQuery,
  OrganisationIdParam,
  PageQuery,
  UuidParam,
} from '@app/shared';
import type { Page } from '@app/shared/domain';
import { AppointmentTypeQueries } from '../application/appointment-type.queries.js';
import { ArchiveAppointmentType } from '../application/archive-appointment-type.use-case.js';
import { CreateAppointmentType } from '../application/create-appointment-type.use-case.js';
import { UpdateAppointmentType } from '../application/update-appointment-type.use-case.js';
import { AppointmentTypeResponse } from './dto/appointment-type.response.js';
import { CreateAppointmentTypeRequest } from './dto/create-appointment-type.request.js';
import { UpdateAppointmentTypeRequest } from './dto/update-appointment-type.request.js';

class ListAppointmentTypesQuery extends IntersectionType(PageQuery, IncludeDeletedQuery) {}

const AppointmentTypeId = () => UuidParam('appointmentTypeId', 'Appointment type');

@ApiTags('appointment types')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/appointment-types')
export class AppointmentTypesController {
  constructor(
    private readonly createAppointmentType: CreateAppointmentType,
    private readonly updateAppointmentType: UpdateAppointmentType,
    private readonly archiveAppointmentType: ArchiveAppointmentType,
    private readonly queries: AppointmentTypeQueries,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create an appointment type',
    description: 'Amounts are integer cents. Providers and locations must belong to the organisation.',
  })
  @ApiCreatedResponse({ type: AppointmentTypeResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async create(
    @OrganisationIdParam() organisationId: string,
    @Body() body: CreateAppointmentTypeRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AppointmentTypeResponse> {
    const type = await this.createAppointmentType.execute(organisationId, {
      ...body,
      providerIds: body.providers,
      locationIds: body.locations,
    });
    response.location(`/v1/organisations/${organisationId}/appointment-types/${type.id}`);
    return AppointmentTypeResponse.from(type);
  }

  @Get()
  @ApiOperation({
    summary: 'List appointment types',
    description:
      'Newest first, without archived types unless `includeDeleted=true`. With `updatedSince`, what changed since then, archived types included, oldest change first.',
  })
  @ApiPagedResponse(AppointmentTypeResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(
    @OrganisationIdParam() organisationId: string,
    @Query() query: ListAppointmentTypesQuery,
  ): Promise<Page<AppointmentTypeResponse>> {
    const page = await this.queries.list(organisationId, query);
    return { ...page, items: page.items.map((type) => AppointmentTypeResponse.from(type)) };
  }

  @Get(':appointmentTypeId')
  @ApiOperation({
    summary: 'Get an appointment type',
    description: 'With its billable items; an archived type too (`deleted: true`).',
  })
  @ApiOk(AppointmentTypeResponse)
  @ApiErrors(HttpStatus.NOT_FOUND)
  // Below `@ApiOk`: decorators apply bottom up, and the 200 this adds (its ETag header) must not replace the answer's type.
  @ETagged()
  async get(
    @OrganisationIdParam() organisationId: string,
    @AppointmentTypeId() id: string,
  ): Promise<AppointmentTypeResponse> {
    return AppointmentTypeResponse.from(await this.queries.get(organisationId, id));
  }

  @Patch(':appointmentTypeId')
  @ApiOperation({
    summary: 'Update an appointment type',
    description:
      'Changes only the fields sent, checked as the create checks them; `null` clears `description`, `category` or `itemCode`; `{}` changes nothing. ' +
      'A new `price` or `durationMinutes` applies to bookings made from now on: bookings already made keep their `servicePrice` and their length.',
  })
  @ApiBody({ type: UpdateAppointmentTypeRequest, required: true })
  @ApiOk(AppointmentTypeResponse)
  @ApiErrors(
    HttpStatus.BAD_REQUEST,
    HttpStatus.NOT_FOUND,
    HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    HttpStatus.PAYLOAD_TOO_LARGE,
  )
  @Conditional()
  async update(
    @OrganisationIdParam() organisationId: string,
    @AppointmentTypeId() id: string,
    @Body() body: UpdateAppointmentTypeRequest,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<AppointmentTypeResponse> {
    const { providers, locations, ...fields } = body;
    const type = await this.updateAppointmentType.execute(
      organisationId,
      id,
      { ...fields, providerIds: providers, locationIds: locations },
      ifMatch,
    );
    return AppointmentTypeResponse.from(type);
  }

  @Delete(':appointmentTypeId')
  @ApiOperation({
    summary: 'Archive an appointment type',
    description:
      'Sets `deleted`: the type takes no new booking (409 `appointment_type_deleted`) and leaves the booking pages, while its bookings keep it and a GET still answers it. ' +
      'Archiving it again changes nothing.',
  })
  @ApiOk(AppointmentTypeResponse)
  @ApiErrors(HttpStatus.NOT_FOUND)
  @Conditional()
  async archive(
    @OrganisationIdParam() organisationId: string,
    @AppointmentTypeId() id: string,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<AppointmentTypeResponse> {
    return AppointmentTypeResponse.from(await this.archiveAppointmentType.execute(organisationId, id, ifMatch));
  }
}
