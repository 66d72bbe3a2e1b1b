import { hash } from 'node:crypto';
import { Controller, Get, Header, HttpStatus, Param, Res } from '@nestjs/common';
import { ApiHeader, ApiNotModifiedResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors, ApiOk, Public } from '@app/shared';
import { BookingDataQueries } from './booking-data.queries.js';
import { BookingDataResponse } from './dto/booking-data.response.js';

@ApiTags('booking data')
@Public()
@Controller('v1/organisations/:organisationId/booking-data')
export class BookingDataController {
  constructor(private readonly queries: BookingDataQueries) {}

  /**
   * The only route with an ETag (the app turns Express's off: hashing every list body costs CPU no
   * client uses). Express answers 304 when `If-None-Match` matches the ETag set here.
   */
  @Get()
  @Header('Cache-Control', 'public, max-age=60')
  @ApiOperation({
    summary: 'Get booking data',
    description:
      "The public summary a booking page is built from: bookable services, locations and providers, businesses' capabilities and booking settings. No API key needed. Cached for 60 s; send `If-None-Match` with the last `ETag` to get a 304.",
  })
  @ApiParam({
    name: 'organisationId',
    description: "The organisation's id (`org_…`) or its slug.",
    example: 'harbour-physio-group',
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of a copy you hold.' })
  @ApiOk(BookingDataResponse)
  @ApiNotModifiedResponse({ description: 'The copy named by If-None-Match is current.' })
  @ApiErrors(HttpStatus.NOT_FOUND, HttpStatus.TOO_MANY_REQUESTS)
  async get(@Param('organisationId') organisationIdOrSlug: string, @Res() response: Response): Promise<void> {
    const body = JSON.stringify(BookingDataResponse.from(await this.queries.get(organisationIdOrSlug)));
    response.setHeader('ETag', `W/"${hash('sha1', body, 'base64url')}"`);
    response.type('json').send(body);
  }
}
