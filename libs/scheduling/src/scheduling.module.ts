import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MembershipModule } from '@app/membership';
import { OrganisationsModule } from '@app/organisations';
import { PaymentsAndClaimsModule } from '@app/payments-and-claims';
import { PractitionersModule } from '@app/practitioners';
import { WalletModule } from '@app/wallet';
import { AppointmentTypeQueries } from './application/appointment-type.queries.js';
import { BookingDataQueries } from './application/booking-data.queries.js';
import { BookingQueries } from './application/booking.queries.js';
import { CancelBooking } from './application/cancel-booking.use-case.js';
import { CreateAppointmentType } from './application/create-appointment-type.use-case.js';
import { CreateBooking } from './application/create-booking.use-case.js';
import { AppointmentTypeRepository } from './domain/appointment-type.repository.js';
import { BookingRepository } from './domain/booking.repository.js';
import { AppointmentTypesController } from './http/appointment-types.controller.js';
import { BookingDataController } from './http/booking-data.controller.js';
import { BookingsController } from './http/bookings.controller.js';
import { MikroOrmAppointmentTypeRepository, MikroOrmBookingRepository } from './infrastructure/persistence/mikro-orm-scheduling.repositories.js';
import { AppointmentTypeSchema, BookingCountsSchema, BookingSchema } from './infrastructure/persistence/scheduling.schemas.js';

export const schedulingSchemas = [AppointmentTypeSchema, BookingSchema, BookingCountsSchema];

/** Appointment types, bookings and the public booking data; a booking's `latestTransaction` is read from payments-and-claims. */
@Module({
  imports: [MikroOrmModule.forFeature(schedulingSchemas), OrganisationsModule, PractitionersModule, MembershipModule, WalletModule, PaymentsAndClaimsModule],
  controllers: [AppointmentTypesController, BookingsController, BookingDataController],
  providers: [
    { provide: AppointmentTypeRepository, useClass: MikroOrmAppointmentTypeRepository },
    { provide: BookingRepository, useClass: MikroOrmBookingRepository },
    CreateAppointmentType,
    CreateBooking,
    CancelBooking,
    AppointmentTypeQueries,
    BookingQueries,
    BookingDataQueries,
  ],
})
export class SchedulingModule {}
