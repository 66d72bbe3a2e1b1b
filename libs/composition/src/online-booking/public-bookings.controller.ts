import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiOk, Public } from '@app/shared';
import { BookOnline, RescheduleOnline } from '@app/scheduling';
import { CreatePublicBookingRequest, ReschedulePublicBookingRequest } from '@app/scheduling/http';
import { PublicBookingQueries } from './public-booking.queries.js';
import { PublicBookingCreatedResponse, PublicBookingResponse } from './dto/public-booking.response.js';
import { CancelOnline } from './cancel-online.use-case.js';

const ManageToken = () => Param('manageToken');
const ManageTokenDoc = () =>
  ApiParam({
    name: 'manageToken',
    description: 'The secret the booking answered with.',
    example: 'q3ZP0yM6m4cWk2Xx3b9yH5bA1sVt7nUe8rL0dQwE2jC',
  });

@ApiTags('online booking')
@Public()
@Controller()
export class PublicBookingsController {
  constructor(
    private readonly bookOnline: BookOnline,
    private readonly cancelOnline: CancelOnline,
    private readonly rescheduleOnline: RescheduleOnline,
    private readonly queries: PublicBookingQueries,
  ) {}

  @Post('v1/organisations/:organisationId/public-bookings')
  @ApiOperation({
    summary: 'Book online',
    description:
      "A patient books a time that availability lists. The organisation's client with the patient's email is booked, or a new client is made. 409 `slot_unavailable` when the time is no longer free, 409 `bookings_disabled` when the organisation takes no online bookings, 409 `provider_deleted`, `appointment_type_deleted` or `location_link_deleted` when what it names was archived. Answers the booking and its `manageToken`, shown only here. No API key needed; `Idempotency-Key` makes a retry safe.",
  })
  @ApiParam({
    name: 'organisationId',
    description: "The organisation's id (`org_…`) or its slug.",
    example: 'harbour-physio-group',
  })
  @ApiCreatedResponse({ type: PublicBookingCreatedResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT, HttpStatus.TOO_MANY_REQUESTS)
  async create(
    @Param('organisationId') organisationIdOrSlug: string,
    @Body() body: CreatePublicBookingRequest,
  ): Promise<PublicBookingCreatedResponse> {
    const { manageToken } = await this.bookOnline.execute(organisationIdOrSlug, {
      ...body,
      startsAt: new Date(body.startsAt),
    });
    return { booking: PublicBookingResponse.from(await this.queries.view(manageToken)), manageToken };
  }

  @Get('v1/public-bookings/:manageToken')
  @ApiOperation({
    summary: 'See a booking made online',
    description: 'With the cancellation policy as of now. No API key needed: the token is the key.',
  })
  @ManageTokenDoc()
  @ApiOk(PublicBookingResponse)
  @ApiErrors(HttpStatus.NOT_FOUND, HttpStatus.TOO_MANY_REQUESTS)
  async get(@ManageToken() manageToken: string): Promise<PublicBookingResponse> {
    return PublicBookingResponse.from(await this.queries.view(manageToken));
  }

  @Post('v1/public-bookings/:manageToken/cancel')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Cancel a booking made online',
    description:
      "As the clinic would: 409 `booking_already_cancelled` the second time, 409 `booking_in_past` once it has begun. 409 `cancel_not_allowed` when the clinic takes no cancellations online (the policy's `rules.clientCancel.enabled`). The answer shows the cancellation policy.",
  })
  @ManageTokenDoc()
  @ApiOk(PublicBookingResponse)
  @ApiErrors(HttpStatus.NOT_FOUND, HttpStatus.CONFLICT, HttpStatus.TOO_MANY_REQUESTS)
  async cancel(@ManageToken() manageToken: string): Promise<PublicBookingResponse> {
    await this.cancelOnline.execute(manageToken);
    return PublicBookingResponse.from(await this.queries.view(manageToken));
  }

  @Post('v1/public-bookings/:manageToken/reschedule')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Move a booking made online',
    description:
      "The patient moves their booking to another `startsAt` that availability lists now for its service, location and provider (409 `slot_unavailable` otherwise). Allowed while the cancellation policy's `rules.clientReschedule.enabled` is true and cancelling is still free (up to `fee.latestNoFeeAt`, or any time when the policy is not `enabled`); otherwise 409 `reschedule_not_allowed`. A cancelled booking is 409 `booking_cancelled`; one that has begun, 409 `booking_in_past`. The manage token stays the same.",
  })
  @ManageTokenDoc()
  @ApiOk(PublicBookingResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT, HttpStatus.TOO_MANY_REQUESTS)
  async reschedule(
    @ManageToken() manageToken: string,
    @Body() body: ReschedulePublicBookingRequest,
  ): Promise<PublicBookingResponse> {
    await this.rescheduleOnline.execute(manageToken, new Date(body.startsAt));
    return PublicBookingResponse.from(await this.queries.view(manageToken));
  }
}
