import { Body, Controller, Get, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors, ApiKeyed, ApiOk, UuidParam, ApiPagedResponse, Expansion, OrganisationIdParam } from '@app/shared';
import type { Page } from '@app/shared/domain';
import { CreateLocation } from '../application/create-location.use-case.js';
import { DirectoryQueries } from '../application/directory.queries.js';
import { LocationReader } from '../application/location-reader.js';
import { OrganisationQueries } from '../application/organisation.queries.js';
import { BusinessResponse } from './dto/business.dto.js';
import { OrganisationResponse } from './dto/organisation.response.js';
import { CreateLocationRequest, ListLocationsQuery, LocationExpandQuery, type LocationExpansion, LocationResponse } from './dto/location.dto.js';
import type { Location } from '../domain/location.js';

@ApiTags('locations')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/locations')
export class LocationsController {
  constructor(
    private readonly createLocation: CreateLocation,
    private readonly queries: DirectoryQueries,
    private readonly reader: LocationReader,
    private readonly organisations: OrganisationQueries,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a location', description: 'The business must belong to the organisation; `timeZone` is an IANA zone.' })
  @ApiCreatedResponse({ type: LocationResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async create(
    @OrganisationIdParam() organisationId: string,
    @Body() body: CreateLocationRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LocationResponse> {
    const location = await this.createLocation.execute(organisationId, body);
    response.location(`/v1/organisations/${organisationId}/locations/${location.id}`);
    return LocationResponse.from(location);
  }

  @Get()
  @ApiOperation({
    summary: 'List locations',
    description: 'Newest first. `expand=business,registrations,organisation` adds the owning business, the registrations and the organisation.',
  })
  @ApiPagedResponse(LocationResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(@OrganisationIdParam() organisationId: string, @Query() query: ListLocationsQuery): Promise<Page<LocationResponse>> {
    const page = await this.queries.listLocations(organisationId, query);
    return { ...page, items: await this.withParts(organisationId, page.items, query.expand) };
  }

  @Get(':locationId')
  @ApiOperation({ summary: 'Get a location', description: 'Takes the same `expand` values as the list.' })
  @ApiOk(LocationResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async get(
    @OrganisationIdParam() organisationId: string,
    @UuidParam('locationId', 'Location') id: string,
    @Query() query: LocationExpandQuery,
  ): Promise<LocationResponse> {
    const [location] = await this.withParts(organisationId, [await this.queries.getLocation(organisationId, id)], query.expand);
    return location;
  }

  /** The answers, with each expanded part loaded in one statement for all of them. */
  private async withParts(organisationId: string, locations: Location[], expand: LocationExpansion[] | undefined): Promise<LocationResponse[]> {
    const expansion = Expansion.of(expand);
    const [businesses, organisation] = await Promise.all([
      expansion.has('business') ? this.reader.businesses(locations.map((location) => location.businessId)) : undefined,
      expansion.has('organisation') ? this.organisations.get(organisationId).then((organisation) => OrganisationResponse.from(organisation)) : undefined,
    ]);
    return locations.map((location) => {
      const business = businesses?.get(location.businessId);
      return LocationResponse.from(location, {
        business: businesses ? (business ? BusinessResponse.from(business) : null) : undefined,
        registrations: expansion.has('registrations'),
        organisation,
      });
    });
  }
}
