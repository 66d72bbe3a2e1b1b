import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors, ApiKeyed, ApiOk, ApiPagedResponse, OrganisationIdParam, PageQuery, UuidParam } from '@app/shared';
import type { Page } from '@app/shared/domain';
import { AddTimeOff } from '../application/add-time-off.use-case.js';
import { ProviderScheduleQueries } from '../application/provider-schedule.queries.js';
import { RemoveTimeOff } from '../application/remove-time-off.use-case.js';
import { SetWorkingHours } from '../application/set-working-hours.use-case.js';
import { CreateTimeOffRequest } from './dto/create-time-off.request.js';
import { TimeOffResponse } from './dto/time-off.response.js';
import { WorkingHoursItem, WorkingHoursWeek } from './dto/working-hours.request.js';

const ProviderId = () => UuidParam('providerId', 'Provider');

@ApiTags('working hours and time off')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/providers/:providerId')
export class ProviderScheduleController {
  constructor(
    private readonly setWorkingHours: SetWorkingHours,
    private readonly addTimeOff: AddTimeOff,
    private readonly removeTimeOff: RemoveTimeOff,
    private readonly queries: ProviderScheduleQueries,
  ) {}

  @Get('working-hours')
  @ApiOperation({
    summary: "Get a provider's working hours",
    description: "Every weekly stretch, by day and start, in each location's wall-clock time.",
  })
  @ApiOk(WorkingHoursWeek)
  @ApiErrors(HttpStatus.NOT_FOUND)
  async workingHours(
    @OrganisationIdParam() organisationId: string,
    @ProviderId() providerId: string,
  ): Promise<WorkingHoursWeek> {
    return {
      items: (await this.queries.weekOf(organisationId, providerId)).map((hours) => WorkingHoursItem.from(hours)),
    };
  }

  @Put('working-hours')
  @ApiOperation({
    summary: "Replace a provider's working hours",
    description:
      "Replaces the whole week. Times are `HH:MM` wall-clock times of the location's time zone (daylight saving follows the zone); each stretch starts before it ends; stretches of one day do not overlap, at any location; each location is one the provider is linked to.",
  })
  @ApiOk(WorkingHoursWeek)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async replaceWorkingHours(
    @OrganisationIdParam() organisationId: string,
    @ProviderId() providerId: string,
    @Body() body: WorkingHoursWeek,
  ): Promise<WorkingHoursWeek> {
    await this.setWorkingHours.execute(organisationId, providerId, body.items);
    return this.workingHours(organisationId, providerId);
  }

  @Post('time-off')
  @ApiOperation({
    summary: 'Add time off',
    description: 'Two instants with their offsets; no online booking overlaps them, at any location.',
  })
  @ApiCreatedResponse({ type: TimeOffResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async createTimeOff(
    @OrganisationIdParam() organisationId: string,
    @ProviderId() providerId: string,
    @Body() body: CreateTimeOffRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<TimeOffResponse> {
    const timeOff = await this.addTimeOff.execute(organisationId, providerId, {
      startsAt: new Date(body.startsAt),
      endsAt: new Date(body.endsAt),
      reason: body.reason,
    });
    response.location(`/v1/organisations/${organisationId}/providers/${providerId}/time-off/${timeOff.id}`);
    return TimeOffResponse.from(timeOff);
  }

  @Get('time-off')
  @ApiOperation({
    summary: "List a provider's time off",
    description:
      'Newest first. Time off never changes once added, so with `updatedSince` the list is what was added since then, oldest first.',
  })
  @ApiPagedResponse(TimeOffResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async listTimeOff(
    @OrganisationIdParam() organisationId: string,
    @ProviderId() providerId: string,
    @Query() query: PageQuery,
  ): Promise<Page<TimeOffResponse>> {
    const page = await this.queries.timeOffOf(organisationId, providerId, query);
    return { ...page, items: page.items.map((timeOff) => TimeOffResponse.from(timeOff)) };
  }

  @Delete('time-off/:timeOffId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Remove time off',
    description: 'The provider is bookable again in that time, inside their working hours.',
  })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiErrors(HttpStatus.NOT_FOUND)
  async deleteTimeOff(
    @OrganisationIdParam() organisationId: string,
    @ProviderId() providerId: string,
    @UuidParam('timeOffId', 'Time off') timeOffId: string,
  ): Promise<void> {
    await this.removeTimeOff.execute(organisationId, providerId, timeOffId);
  }
}
