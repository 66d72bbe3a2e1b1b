import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { OrganisationsModule } from '@app/organisations';
import { CreateLocationLink } from './application/create-location-link.use-case.js';
import { CreateProvider } from './application/create-provider.use-case.js';
import { DeleteLocationLink } from './application/delete-location-link.use-case.js';
import { DeleteProvider } from './application/delete-provider.use-case.js';
import { UpdateLocationLink } from './application/update-location-link.use-case.js';
import { UpdateProvider } from './application/update-provider.use-case.js';
import { PractitionerQueries } from './application/practitioner.queries.js';
import { PractitionerRepository } from './domain/practitioner.repository.js';
import { ProvidersController } from './http/providers.controller.js';
import { renderPractitionerEvents } from './http/event-renderers.js';
import { eventData } from '@app/shared';
import { MikroOrmPractitionerRepository } from './infrastructure/persistence/mikro-orm-practitioner.repository.js';
import { ProviderLocationLinkSchema, ProviderSchema } from './infrastructure/persistence/practitioner.schemas.js';
import { SqlPractitionerQueries } from './infrastructure/persistence/sql-practitioner.queries.js';

export const practitionerSchemas = [ProviderSchema, ProviderLocationLinkSchema];

@Module({
  imports: [MikroOrmModule.forFeature(practitionerSchemas), OrganisationsModule],
  controllers: [ProvidersController],
  providers: [
    eventData(renderPractitionerEvents),
    { provide: PractitionerRepository, useClass: MikroOrmPractitionerRepository },
    CreateProvider,
    UpdateProvider,
    DeleteProvider,
    CreateLocationLink,
    UpdateLocationLink,
    DeleteLocationLink,
    { provide: PractitionerQueries, useClass: SqlPractitionerQueries },
  ],
  exports: [PractitionerQueries],
})
export class PractitionersModule {}
