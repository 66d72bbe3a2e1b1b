import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ApiErrors,
  ApiKeyed,
  ApiOk,
  ApiPagedResponse,
  ETagged,
  Expansion,
  OrganisationIdParam,
  SharedResponses,
  sendPage,
  UuidParam,
} from '@app/shared';
import { Clock } from '@app/shared/domain';
import { CreateBooking, RescheduleBooking } from '@app/scheduling';
import { CheckOutBooking } from '@app/payments-and-claims';
import { CheckOutRequest, TransactionResponse } from '@app/payments-and-claims/http';
import {
  AttendanceRequest,
  CancelBookingRequest,
  CreateBookingRequest,
  RescheduleBookingRequest,
} from '@app/scheduling/http';
import { BookingViews } from './booking-views.js';
import { CancelBooking } from './cancel-booking.use-case.js';
import { RecordAttendance } from './record-attendance.use-case.js';
import { BookingExpandQuery, ListBookingsQuery } from './dto/list-bookings.query.js';
import { BookingResponse } from './dto/booking.response.js';

const BookingId = () => UuidParam('bookingId', 'Booking');

const ONE_BOOKING = {
  clientId: '0193a6f9-9203-7ec5-90d7-3b4c5d6e7f80',
  providerId: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a',
  locationId: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
  appointmentTypeId: '0193a6f8-7081-7ca3-8eb5-1f2a3b4c5d6e',
  serviceDate: '2026-12-01T09:30:00.000+11:00',
};

/** What a check-out does and answers, for the OpenAPI document; its rules are written out in docs/money.md. */
const CHECK_OUT_DESCRIPTION = [
  "Bills the booking's items (by default its service's billable items), claims from one payer (Medicare or a health fund,",
  'for a service that has happened, at a location registered with the payer), and charges the gap to `payment` or leaves',
  'it to a `paymentLink`: all or nothing. A bulk bill takes no card and no link. A booking checked out again collects only',
  'what is still open on it; one paid ahead by card is claimed with the claim alone, and what the claim pays goes back to the card.',
  "If the cardholder's bank asks them to confirm the payment (3-D Secure), its `payment.status` is `requires_action`",
  'with the `clientSecret` their page confirms it with, and the booking is paid when the processor reports it succeeded.',
  "A claim needs the patient's agreement: a fund claim's card swiped at one of the location's `terminalIds`, a bulk bill's",
  'signed assignment (`medicareClaim.assignment`). Otherwise (a fund claim with no `terminalId`, an assignment by `sms`)',
  'the payer assesses the claim, the patient is sent a 4-digit code, and the answer is the transaction `awaiting_confirmation`',
  'with its confirmation: nothing claimed, charged or invoiced until `…/confirmations/{confirmationId}/verify` takes the code.',
  'The rules in full: "Check-out" in docs/money.md.',
  'Errors: 400 a gap with no payment, or a fund claim naming no patient on the card',
  '(no `healthFundClaim.patientReferenceNumber` and no `defaultReferenceNumber` on the card, code `required`),',
  "or a `healthFundClaim.terminalId` that is not one of the location's `terminalIds` (code `unknown_terminal`),",
  'or a bulk bill without `medicareClaim.assignment`;',
  '402 `card_declined`, `claim_rejected`, `medicare_claim_rejected`;',
  '409 `booking_already_paid`, `booking_already_claimed`, `booking_cancelled`, `payment_link_open`,',
  '`payment_requires_action`, `business_not_connected`, `service_not_rendered` (a claim before the service, or a no-show),',
  '`double_claim` (Medicare and a fund for one service), `bulk_bill_no_charge`, `business_not_gst_registered`, `location_not_registered`,',
  '`referral_required`, `referral_expired`, `referral_exhausted`',
  '`confirmation_pending` (an earlier check-out awaits the patient), `confirmation_channel_unavailable` (no SMS or email reaches the patient)',
  '(an allied health item Medicare pays only on a referral, MBS 10950 to 10970, claimed under `medicareClaim.referralId`);',
  '503 `claim_gateway_timeout`, `payment_processor_unavailable` (with `Retry-After`).',
  'A refusal changes nothing: what was claimed or charged is reversed.',
].join(' ');

/** What a cancellation does and refuses, as the OpenAPI document says it. */
const CANCEL_DESCRIPTION = [
  'Sets `cancelledAt`.',
  'With `scope: following`,',
  "also cancels every later occurrence of the booking's repeat series that has not started,",
  'each with its own `booking.cancelled` (the answer is this booking).',
  'Cancelling twice is 409 `booking_already_cancelled`; a booking whose service date has passed,',
  '409 `booking_in_past`.',
  'With `chargeCancellationFee: true`,',
  "a fee the organisation's cancellation policy makes billable now is charged to the booking's payment method as its own transaction (no payment method:",
  '409 `no_payment_method`; declined: 402 `card_declined`, and the booking stays confirmed).',
  'A booking that already holds money for its service (paid,',
  'or part paid after a void) is not charged a fee on top: 409 `booking_already_paid`, nothing changes;',
  'cancel it without the fee and refund what the practice does not keep.',
  'Its payments still waiting for a payer are cancelled with it: an open payment link becomes `cancelled`,',
  "and a card payment waiting for the payer's bank (3-D Secure,",
  '`requires_action`) becomes `canceled` and is cancelled at the processor, so it can never be captured;',
  'with `chargeCancellationFee: true` such a booking is 409 `payment_requires_action`.',
].join(' ');

@ApiTags('bookings')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/bookings')
export class BookingsController {
  constructor(
    private readonly createBooking: CreateBooking,
    private readonly cancelBooking: CancelBooking,
    private readonly rescheduleBooking: RescheduleBooking,
    private readonly recordAttendance: RecordAttendance,
    private readonly checkOutBooking: CheckOutBooking,
    private readonly views: BookingViews,
    private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'List bookings',
    description:
      'Newest service date first (`serviceDate desc, id desc`). Filters combine with AND: `status` (confirmed, cancelled), `serviceDateMin` (inclusive), `serviceDateMax` (exclusive), `paid`, `providerId`, `locationId`, `clientId`, `q` (the start of the first, last or full name of the client, ignoring case and accents), `attendance` (pending, arrived, no_show), and `seriesId` (the occurrences of one repeat). With `updatedSince`, only bookings changed at or after it (made, cancelled, paid, rescheduled, marked), `updatedAt, id` ascending; cancelled ones are in it unless `status` leaves them out.',
  })
  @ApiPagedResponse(BookingResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(
    @OrganisationIdParam() organisationId: string,
    @Query() query: ListBookingsQuery,
    @Res() response: Response,
  ): Promise<void> {
    const filters = {
      status: query.status,
      serviceDateMin: query.serviceDateMin ? new Date(query.serviceDateMin) : undefined,
      serviceDateMax: query.serviceDateMax ? new Date(query.serviceDateMax) : undefined,
      paid: query.paid,
      providerId: query.providerId,
      locationId: query.locationId,
      clientId: query.clientId,
      clientName: query.q,
      attendance: query.attendance,
      seriesId: query.seriesId,
    };
    const page = await this.views.list(organisationId, query, filters, Expansion.of(query.expand), this.clock.now());
    // Up to 200 bookings with every expansion is over a megabyte: written booking by booking, sharing what they share.
    const shared = new SharedResponses();
    sendPage(response, page, (booking, out) => shared.write(BookingResponse.from(booking, shared), out));
  }

  @Post()
  @ApiOperation({
    summary: 'Create a booking',
    description:
      "The provider must be linked to the location, the appointment type offered by both, the client of this organisation, and any card the client's own. " +
      'Nothing archived takes a new booking: 409 `client_deleted`, `provider_deleted`, `appointment_type_deleted` or `location_link_deleted` (the link of the provider to the location). ' +
      "A provider's confirmed bookings may not overlap unless the type's `maxAttendees` leaves room: otherwise 409 `slot_unavailable`, with `conflicts` listing the serviceDate that does not fit. `servicePrice` is the type's price now, and the booking keeps it and its length when the type changes.\n\n" +
      'With `repeat: { frequency: "weekly" | "fortnightly", count }` (2 to 52 occurrences in all) it books a series: every occurrence at the first one\'s wall-clock time in the location\'s time zone (09:00 stays 09:00 across daylight saving), each its own booking with its own `booking.created`, all sharing one `seriesId`. Every occurrence is checked before any is written: when one does not fit, 409 `slot_unavailable` lists every conflicting serviceDate in `conflicts`, and nothing is booked. The answer is the first occurrence; list the others with `seriesId`. An `Idempotency-Key` covers the whole series.',
  })
  @ApiBody({
    type: CreateBookingRequest,
    examples: {
      single: { summary: 'One booking', value: ONE_BOOKING },
      weekly: { summary: 'Six weekly sessions', value: { ...ONE_BOOKING, repeat: { frequency: 'weekly', count: 6 } } },
    },
  })
  @ApiCreatedResponse({ type: BookingResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async create(
    @OrganisationIdParam() organisationId: string,
    @Body() body: CreateBookingRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<BookingResponse> {
    const created = await this.createBooking.execute(organisationId, {
      ...body,
      serviceDate: new Date(body.serviceDate),
    });
    response.location(`/v1/organisations/${organisationId}/bookings/${created.booking.id}`);
    return BookingResponse.from(created);
  }

  @Get(':bookingId')
  @ApiOperation({
    summary: 'Get a booking',
    description: 'Takes the same `expand` values as the list. `ETag` is the version of the booking.',
  })
  @ApiOk(BookingResponse)
  @ETagged()
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async get(
    @OrganisationIdParam() organisationId: string,
    @BookingId() bookingId: string,
    @Query() query: BookingExpandQuery,
  ): Promise<BookingResponse> {
    return BookingResponse.from(
      await this.views.get(organisationId, bookingId, Expansion.of(query.expand), this.clock.now()),
    );
  }

  @Post(':bookingId/cancel')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Cancel a booking',
    description: CANCEL_DESCRIPTION,
  })
  @ApiBody({ type: CancelBookingRequest, required: false })
  @ApiOk(BookingResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.PAYMENT_REQUIRED, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async cancel(
    @OrganisationIdParam() organisationId: string,
    @BookingId() bookingId: string,
    @Body() body: CancelBookingRequest,
  ): Promise<BookingResponse> {
    return BookingResponse.from(
      await this.cancelBooking.execute(organisationId, bookingId, {
        chargeCancellationFee: body.chargeCancellationFee,
        scope: body.scope,
      }),
    );
  }

  @Post(':bookingId/attendance')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Mark whether the client came',
    description:
      "Sets `attendance`. `arrived` (sets `arrivedAt`) is allowed from the start of the service day in the location's time zone, `no_show` once `serviceDate` has passed: before that, 409 `booking_not_started`. `pending` undoes a mark (`arrivedAt` back to null). A cancelled booking is 409 `booking_cancelled`. A `no_show` is refused while a claim of the booking stands (409 `booking_has_claim`: the service happened), and cancels the booking's open payment links. Marking what is already marked changes nothing and records nothing; a change records `booking.arrived` or `booking.no_show`.\n\n" +
      'With `chargeNoShowFee: true` (only with `no_show`), the cancellation policy\'s fee, when the policy is enabled, is charged to the booking\'s payment method as its own transaction (a "Non-attendance fee" item), all or nothing: no payment method is 409 `no_payment_method`, a declined card 402 `card_declined`, a booking that holds money for its service 409 `booking_already_paid`, and the booking stays as it was. A booking is charged its no-show fee once at most, whatever the number of requests: a repeat answers 200 and charges nothing.',
  })
  @ApiBody({
    type: AttendanceRequest,
    examples: {
      arrived: { summary: 'The client is here', value: { attendance: 'arrived' } },
      noShow: { summary: 'Missed, with the fee', value: { attendance: 'no_show', chargeNoShowFee: true } },
      undo: { summary: 'Undo a mark', value: { attendance: 'pending' } },
    },
  })
  @ApiOk(BookingResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.PAYMENT_REQUIRED, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async attendance(
    @OrganisationIdParam() organisationId: string,
    @BookingId() bookingId: string,
    @Body() body: AttendanceRequest,
  ): Promise<BookingResponse> {
    return BookingResponse.from(await this.recordAttendance.execute(organisationId, bookingId, body));
  }

  @Post(':bookingId/reschedule')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Reschedule a booking',
    description:
      "Moves the booking to `serviceDate`, and to `providerId` or `locationId` when sent. It stays the same booking: id, client, price, payment method, transactions and manage token, and its length. The new time and place follow a new booking's rules: the provider linked to the location and offering the appointment type there, and no overlap with the provider's other confirmed bookings (409 `slot_unavailable`). A cancelled booking is 409 `booking_cancelled`; one that has begun, 409 `booking_in_past`. Records `booking.rescheduled`, with `previous` (where it was) beside `data`; a move to where it already is changes nothing.",
  })
  @ApiOk(BookingResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async reschedule(
    @OrganisationIdParam() organisationId: string,
    @BookingId() bookingId: string,
    @Body() body: RescheduleBookingRequest,
  ): Promise<BookingResponse> {
    return BookingResponse.from(
      await this.rescheduleBooking.execute(organisationId, bookingId, {
        ...body,
        serviceDate: new Date(body.serviceDate),
      }),
    );
  }

  @Post(':bookingId/transactions')
  @ApiTags('transactions')
  @ApiOperation({
    operationId: 'Transactions_checkOut',
    summary: 'Check out a booking',
    description: CHECK_OUT_DESCRIPTION,
  })
  @ApiCreatedResponse({ type: TransactionResponse })
  @ApiErrors(
    HttpStatus.BAD_REQUEST,
    HttpStatus.PAYMENT_REQUIRED,
    HttpStatus.NOT_FOUND,
    HttpStatus.CONFLICT,
    HttpStatus.SERVICE_UNAVAILABLE,
  )
  async checkOut(
    @OrganisationIdParam() organisationId: string,
    @BookingId() bookingId: string,
    @Body() body: CheckOutRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<TransactionResponse> {
    const items = body.items?.map((item) =>
      item.billableItemId !== undefined
        ? { billableItemId: item.billableItemId }
        : {
            description: item.description!,
            itemCode: item.itemCode,
            clinicalCode: item.clinicalCode,
            chargeAmount: item.chargeAmount!,
            quantity: item.quantity,
            taxRate: item.taxRate,
          },
    );
    const read = await this.checkOutBooking.execute(organisationId, bookingId, { ...body, items });
    response.location(`/v1/organisations/${organisationId}/transactions/${read.transaction.id}`);
    return TransactionResponse.from(read, { withBillableItems: false });
  }
}
