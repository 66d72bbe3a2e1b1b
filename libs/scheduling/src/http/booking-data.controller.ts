import { Controller, Get, Header, HttpStatus, Param } from '@nestjs/common';
import { ApiHeader, ApiNotModifiedResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiOk, Public } from '@app/shared';
import { BookingDataQueries } from '../application/booking-data.queries.js';
import { BookingDataResponse } from './dto/booking-data.dto.js';

@ApiTags('booking data')
@Public()
@Controller('v1/organisations/:organisationId/booking-data')
export class BookingDataController {
  constructor(private readonly queries: BookingDataQueries) {}

  /** Express answers the ETag and the 304 to a matching If-None-Match. */
  @Get()
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOperation({
    summary: 'Get booking data',
    description:
      "The public summary a booking page is built from: bookable services, locations and providers, businesses' capabilities and booking settings. No API key needed. Cached for 60 s; send `If-None-Match` with the last `ETag` to get a 304.",
  })
  @ApiParam({ name: 'organisationId', description: "The organisation's id (`org_…`) or its slug.", example: 'harbour-physio-group' })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of a copy you hold.' })
  @ApiOk(BookingDataResponse)
  @ApiNotModifiedResponse({ description: 'The copy named by If-None-Match is current.' })
  @ApiErrors(HttpStatus.NOT_FOUND, HttpStatus.TOO_MANY_REQUESTS)
  async get(@Param('organisationId') organisationIdOrSlug: string): Promise<BookingDataResponse> {
    return BookingDataResponse.from(await this.queries.get(organisationIdOrSlug));
  }
}
