import { MikroOrmModule } from '@mikro-orm/nestjs';
import { type DynamicModule, Module } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { AppConfig, LoggingModule, SharedModule } from '@app/shared';
import { PlatformModule } from '@app/platform';
import { OrganisationQueries, OrganisationsModule } from '@app/organisations';
import { MembershipModule } from '@app/membership';
import { PractitionersModule } from '@app/practitioners';
import { WalletModule } from '@app/wallet';
import { CompositionModule } from '@app/composition';
import { PaymentsAndClaimsModule } from '@app/payments-and-claims';
import { BookingPageController } from './booking-page/booking-page.controller.js';
import { JobsModule } from '@app/jobs';
import { EventsModule } from '@app/events';
import { NotificationsModule } from '@app/notifications';
import { createOrmConfig } from './database/orm-config.js';
import { currentRequestId } from './request-scope.js';

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
