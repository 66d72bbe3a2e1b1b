import { MikroOrmModule } from '@mikro-orm/nestjs';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { AppConfig, LoggingModule, SharedModule } from '@app/shared';
import { PlatformModule } from '@app/platform';
import { LocationBookings, OrganisationQueries, OrganisationsModule } from '@app/organisations';
import { MembershipModule } from '@app/membership';
import { PractitionersModule } from '@app/practitioners';
import { WalletModule } from '@app/wallet';
import { CompositionModule } from '@app/composition';
import { PaymentsAndClaimsModule } from '@app/payments-and-claims';
import { BookingPageController } from './booking-page/booking-page.controller.js';
import { JobsModule } from '@app/jobs';
import { EventsModule } from '@app/events';
import { NotificationsModule } from '@app/notifications';
import { SqlLocationBookings } from '@app/scheduling';
import { createOrmConfig } from './database/orm-config.js';
import { currentRequestId } from './request-scope.js';

/**
 * The ports a context declares and a context above it answers, bound where the contexts are composed:
 * organisations asks scheduling whether a location has upcoming bookings (may its time zone change?),
 * and cannot import it. Global, so every module that imports organisations finds the binding.
 */
@Global()
@Module({
  providers: [{ provide: LocationBookings, useClass: SqlLocationBookings }],
  exports: [LocationBookings],
})
class PortsAnsweredAbove {}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string, logDestination?: DestinationStream): DynamicModule {
    return {
      module: AppModule,
      imports: [
        SharedModule.forRoot(config, config.databaseDirectUrl ?? databaseUrl),
        LoggingModule.forRoot(config.logLevel, logDestination, {
          tracing: config.tracing,
          requestId: currentRequestId,
        }),
        // The request context is `requestScope`, mounted by `createApp`.
        MikroOrmModule.forRoot({
          ...createOrmConfig(databaseUrl, config.databaseReadUrls),
          registerRequestContext: false,
        }),
        JobsModule,
        EventsModule,
        PortsAnsweredAbove,
        PlatformModule.withOrganisationsFrom(OrganisationsModule, OrganisationQueries, {
          readReplicas: config.databaseReadUrls.length > 0,
        }),
        OrganisationsModule,
        MembershipModule,
        PractitionersModule,
        WalletModule,
        CompositionModule,
        PaymentsAndClaimsModule,
        NotificationsModule,
      ],
      controllers: [BookingPageController],
    };
  }
}
