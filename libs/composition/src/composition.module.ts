import { Module } from '@nestjs/common';
import { MembershipModule } from '@app/membership';
import { OrganisationsModule } from '@app/organisations';
import { PaymentsAndClaimsModule } from '@app/payments-and-claims';
import { PractitionersModule } from '@app/practitioners';
import { SchedulingModule } from '@app/scheduling';
import { WalletModule } from '@app/wallet';
import { BookingDataController } from './booking-data/booking-data.controller.js';
import { BookingDataQueries } from './booking-data/booking-data.queries.js';
import { BookingViews } from './bookings/booking-views.js';
import { BookingsController } from './bookings/bookings.controller.js';
import { CancelBooking } from './bookings/cancel-booking.use-case.js';
import { RecordAttendance } from './bookings/record-attendance.use-case.js';
import { CancelOnline } from './online-booking/cancel-online.use-case.js';
import { PublicBookingQueries } from './online-booking/public-booking.queries.js';
import { PublicBookingsController } from './online-booking/public-bookings.controller.js';

/**
 * Answers that need several contexts, composed above them so that no context reads another's
 * resources to render its own: bookings with their parties and expansions, a booking page's data,
 * and a booking as its patient sees it. A booking's cancellation and its attendance too, which
 * scheduling and payments do together. Every route under a booking is here, its check-out among them
 * (payments' use case). The contexts below know nothing of this module.
 */
@Module({
  imports: [
    SchedulingModule,
    OrganisationsModule,
    PractitionersModule,
    MembershipModule,
    WalletModule,
    PaymentsAndClaimsModule,
  ],
  controllers: [BookingsController, BookingDataController, PublicBookingsController],
  providers: [BookingViews, CancelBooking, RecordAttendance, CancelOnline, BookingDataQueries, PublicBookingQueries],
})
export class CompositionModule {}
