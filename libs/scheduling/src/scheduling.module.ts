import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { MembershipModule } from '@app/membership';
import { OrganisationsModule } from '@app/organisations';
import { PractitionersModule } from '@app/practitioners';
import { WalletModule } from '@app/wallet';
import { AppointmentTypeQueries } from './application/appointment-type.queries.js';
import { BookingQueries } from './application/booking.queries.js';
import { BookingCancellation } from './application/booking-cancellation.js';
import { BookingAttendance } from './application/booking-attendance.js';
import { BookingLedger } from './application/booking-ledger.js';
import { BookingPlacement } from './application/booking-placement.js';
import { BookingWriteReads } from './application/booking-write-reads.js';
import { ArchiveAppointmentType } from './application/archive-appointment-type.use-case.js';
import { CreateAppointmentType } from './application/create-appointment-type.use-case.js';
import { UpdateAppointmentType } from './application/update-appointment-type.use-case.js';
import { CreateBooking } from './application/create-booking.use-case.js';
import { AddTimeOff } from './application/add-time-off.use-case.js';
import { AvailabilityQueries } from './application/availability.queries.js';
import { BookOnline } from './application/book-online.use-case.js';
import { RescheduleBooking } from './application/reschedule-booking.use-case.js';
import { RescheduleOnline } from './application/reschedule-online.use-case.js';
import { ManageTokens } from './application/manage-tokens.js';
import { ProviderScheduleQueries } from './application/provider-schedule.queries.js';
import { RemoveTimeOff } from './application/remove-time-off.use-case.js';
import { SetWorkingHours } from './application/set-working-hours.use-case.js';
import { AppointmentTypeRepository } from './domain/appointment-type.repository.js';
import { ProviderScheduleRepository } from './domain/provider-schedule.repository.js';
import { MikroOrmProviderScheduleRepository } from './infrastructure/persistence/mikro-orm-provider-schedule.repository.js';
import { BookingRepository } from './domain/booking.repository.js';
import { renderSchedulingEvents } from './http/event-renderers.js';
import { eventData } from '@app/shared';
import { AppointmentTypesController } from './http/appointment-types.controller.js';
import { AvailabilityController } from './http/availability.controller.js';
import { ProviderScheduleController } from './http/provider-schedule.controller.js';
import {
  MikroOrmAppointmentTypeRepository,
  MikroOrmBookingRepository,
} from './infrastructure/persistence/mikro-orm-scheduling.repositories.js';
import { SqlAppointmentTypeQueries } from './infrastructure/persistence/sql-appointment-type.queries.js';
import { SqlBookingQueries } from './infrastructure/persistence/sql-booking.queries.js';
import { SqlBookingWriteReads } from './infrastructure/persistence/sql-booking-write-reads.js';
import { SqlProviderScheduleQueries } from './infrastructure/persistence/sql-provider-schedule.queries.js';
import {
  AppointmentTypeSchema,
  BookingCountsSchema,
  BookingDayCountsSchema,
  BookingSchema,
  TimeOffSchema,
  WorkingHoursSchema,
} from './infrastructure/persistence/scheduling.schemas.js';

export const schedulingSchemas = [
  AppointmentTypeSchema,
  BookingSchema,
  BookingCountsSchema,
  BookingDayCountsSchema,
  WorkingHoursSchema,
  TimeOffSchema,
];

/**
 * Appointment types, bookings, providers' working hours and time off, availability and public
 * booking. Payments imports it to lock bookings and mark them paid (`BookingLedger`); a booking's
 * cancellation, which also charges its fee and cancels its payment links, and its routes are in the
 * composition above the contexts (`CompositionModule`), with the answers composed there.
 */
@Module({
  imports: [
    MikroOrmModule.forFeature(schedulingSchemas),
    OrganisationsModule,
    PractitionersModule,
    MembershipModule,
    WalletModule,
  ],
  controllers: [AppointmentTypesController, ProviderScheduleController, AvailabilityController],
  providers: [
    eventData(renderSchedulingEvents),
    { provide: AppointmentTypeRepository, useClass: MikroOrmAppointmentTypeRepository },
    { provide: BookingRepository, useClass: MikroOrmBookingRepository },
    { provide: BookingWriteReads, useClass: SqlBookingWriteReads },
    { provide: ProviderScheduleRepository, useClass: MikroOrmProviderScheduleRepository },
    CreateAppointmentType,
    BookingPlacement,
    UpdateAppointmentType,
    ArchiveAppointmentType,
    CreateBooking,
    RescheduleBooking,
    RescheduleOnline,
    BookingCancellation,
    BookingAttendance,
    { provide: AppointmentTypeQueries, useClass: SqlAppointmentTypeQueries },
    { provide: BookingQueries, useClass: SqlBookingQueries },
    SetWorkingHours,
    AddTimeOff,
    RemoveTimeOff,
    { provide: ProviderScheduleQueries, useClass: SqlProviderScheduleQueries },
    AvailabilityQueries,
    BookOnline,
    ManageTokens,
    BookingLedger,
  ],
  exports: [
    BookingLedger,
    BookingQueries,
    AppointmentTypeQueries,
    CreateAppointmentType,
    UpdateAppointmentType,
    ArchiveAppointmentType,
    CreateBooking,
    RescheduleBooking,
    RescheduleOnline,
    BookingCancellation,
    BookingAttendance,
    BookOnline,
    ManageTokens,
    SetWorkingHours,
    AddTimeOff,
    RemoveTimeOff,
    ProviderScheduleQueries,
    AvailabilityQueries,
  ],
})
export class SchedulingModule {}
