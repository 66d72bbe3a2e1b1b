import { Controller, Get, HttpStatus, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiOk, Public } from '@app/shared';
import { AvailabilityQueries } from '../application/availability.queries.js';
import { AvailabilityQuery } from './dto/availability.query.js';
import { AvailabilityResponse } from './dto/availability.response.js';

@ApiTags('online booking')
@Public()
@Controller('v1/organisations/:organisationId/availability')
export class AvailabilityController {
  constructor(private readonly queries: AvailabilityQueries) {}

  @Get()
  @ApiOperation({
    summary: 'Get available times',
    description:
      "Times a service can be booked at a location, day by day in the location's time zone (daylight saving included), for one provider or every provider who offers it. A time lies in working hours, outside time off, after `minimumNoticeMinutes` and within `maximumAdvanceDays`, on the `slotIntervalMinutes` grid, beside confirmed bookings (group sessions while places are left). At most 31 days. No API key needed.",
  })
  @ApiParam({
    name: 'organisationId',
    description: "The organisation's id (`org_…`) or its slug.",
    example: 'harbour-physio-group',
  })
  @ApiOk(AvailabilityResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.TOO_MANY_REQUESTS)
  async get(
    @Param('organisationId') organisationIdOrSlug: string,
    @Query() query: AvailabilityQuery,
  ): Promise<AvailabilityResponse> {
    return AvailabilityResponse.from(await this.queries.find(organisationIdOrSlug, query));
  }
}
