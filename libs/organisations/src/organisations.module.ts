import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CreateOrganisation } from './application/create-organisation.use-case.js';
import { OrganisationDirectory } from './application/organisation-directory.js';
import { OrganisationQueries } from './application/organisation.queries.js';
import { UpdateBookingSettings } from './application/update-booking-settings.use-case.js';
import { UpdateOrganisation } from './application/update-organisation.use-case.js';
import { OrganisationRepository } from './domain/organisation.repository.js';
import { OrganisationsController } from './http/organisations.controller.js';
import { MikroOrmOrganisationRepository } from './infrastructure/persistence/mikro-orm-organisation.repository.js';
import { OrganisationSchema } from './infrastructure/persistence/organisation.schema.js';

export const organisationSchemas = [OrganisationSchema];

@Module({
  imports: [MikroOrmModule.forFeature(organisationSchemas)],
  controllers: [OrganisationsController],
  providers: [
    { provide: OrganisationRepository, useClass: MikroOrmOrganisationRepository },
    CreateOrganisation,
    UpdateOrganisation,
    UpdateBookingSettings,
    OrganisationQueries,
    OrganisationDirectory,
  ],
  exports: [OrganisationDirectory],
})
export class OrganisationsModule {}
