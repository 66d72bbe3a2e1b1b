import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { CreateBusiness } from './application/create-business.use-case.js';
import { CreateLocation } from './application/create-location.use-case.js';
import { CreateOrganisation } from './application/create-organisation.use-case.js';
import { CreatePlanTemplateLink } from './application/create-plan-template-link.use-case.js';
import { DirectoryQueries } from './application/directory.queries.js';
import { OrganisationModes } from './application/organisation-modes.js';
import { OrganisationQueries } from './application/organisation.queries.js';
import { UpdateBookingSettings } from './application/update-booking-settings.use-case.js';
import { UpdateOrganisation } from './application/update-organisation.use-case.js';
import { UpdateBusiness } from './application/update-business.use-case.js';
import { UpdateLocation } from './application/update-location.use-case.js';
import { RemovePlanTemplateLink } from './application/remove-plan-template-link.use-case.js';
import { DirectoryRepository } from './domain/directory.repository.js';
import { OrganisationRepository } from './domain/organisation.repository.js';
import { BusinessesController } from './http/businesses.controller.js';
import { LocationsController } from './http/locations.controller.js';
import { OrganisationsController } from './http/organisations.controller.js';
import { PlanTemplateLinksController } from './http/plan-template-links.controller.js';
import { renderOrganisationEvents } from './http/event-renderers.js';
import { eventData } from '@app/shared';
import {
  BusinessSchema,
  LocationSchema,
  PlanTemplateLinkSchema,
} from './infrastructure/persistence/directory.schemas.js';
import { MikroOrmDirectoryRepository } from './infrastructure/persistence/mikro-orm-directory.repository.js';
import { MikroOrmOrganisationRepository } from './infrastructure/persistence/mikro-orm-organisation.repository.js';
import { OrganisationSchema } from './infrastructure/persistence/organisation.schema.js';
import { SqlDirectoryQueries } from './infrastructure/persistence/sql-directory.queries.js';
import { SqlOrganisationModes } from './infrastructure/persistence/sql-organisation-modes.js';
import { SqlOrganisationQueries } from './infrastructure/persistence/sql-organisation.queries.js';

export const organisationSchemas = [OrganisationSchema, BusinessSchema, LocationSchema, PlanTemplateLinkSchema];

/**
 * Organisations, their businesses, locations and plan template links. A location's bookings are
 * scheduling's: `UpdateLocation` asks them through the `LocationBookings` port, which the application
 * binds to scheduling's answer where it composes the contexts (scheduling sits above this context).
 */
@Module({
  imports: [MikroOrmModule.forFeature(organisationSchemas)],
  controllers: [OrganisationsController, BusinessesController, LocationsController, PlanTemplateLinksController],
  providers: [
    eventData(renderOrganisationEvents),
    { provide: OrganisationRepository, useClass: MikroOrmOrganisationRepository },
    { provide: DirectoryRepository, useClass: MikroOrmDirectoryRepository },
    CreateOrganisation,
    UpdateOrganisation,
    UpdateBookingSettings,
    CreateBusiness,
    UpdateBusiness,
    CreateLocation,
    UpdateLocation,
    CreatePlanTemplateLink,
    RemovePlanTemplateLink,
    { provide: OrganisationQueries, useClass: SqlOrganisationQueries },
    { provide: DirectoryQueries, useClass: SqlDirectoryQueries },
    { provide: OrganisationModes, useClass: SqlOrganisationModes },
  ],
  exports: [OrganisationQueries, DirectoryQueries, OrganisationModes],
})
export class OrganisationsModule {}
