import { MikroOrmModule } from '@mikro-orm/nestjs';
import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { MembershipModule } from '@app/membership';
import { OrganisationsModule } from '@app/organisations';
import { PractitionersModule } from '@app/practitioners';
import { WalletModule } from '@app/wallet';
import { AppointmentTypeQueries } from './application/appointment-type.queries.js';
import { BookingDataQueries } from './application/booking-data.queries.js';
import { BookingSettlements } from './application/booking-settlements.js';
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
import { AppointmentTypeSchema, BookingSchema } from './infrastructure/persistence/scheduling.schemas.js';

export const schedulingSchemas = [AppointmentTypeSchema, BookingSchema];

@Module({})
export class SchedulingModule {
  /**
   * Scheduling with its `BookingTransactions` and `CancellationFees` ports bound by `transactions`, a
   * module that provides and exports them (payments-and-claims). The composition root chooses; scheduling never imports it.
   */
  static withTransactionsFrom(transactions: Type | DynamicModule): DynamicModule {
    return {
      module: SchedulingModule,
      // Global for `BookingSettlements` alone: payments uses it, and cannot import this module, which imports payments.
      global: true,
      imports: [MikroOrmModule.forFeature(schedulingSchemas), OrganisationsModule, PractitionersModule, MembershipModule, WalletModule, transactions],
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
        BookingSettlements,
      ],
      exports: [BookingSettlements],
    };
  }
}
