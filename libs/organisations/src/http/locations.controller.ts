import { Body, Controller, Get, HttpStatus, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ApiErrors,
  ApiKeyed,
  ApiOk,
  UuidParam,
  ApiPagedResponse,
  Expansion,
  OrganisationIdParam,
  ETagged,
  Conditional,
  IfMatch,
} from '@app/shared';
import type { Page } from '@app/shared/domain';
import { CreateLocation } from '../application/create-location.use-case.js';
import { DirectoryQueries, type LocationView } from '../application/directory.queries.js';
import { UpdateLocation } from '../application/update-location.use-case.js';
import { BusinessResponse } from './dto/business.response.js';
import { OrganisationResponse } from './dto/organisation.response.js';
import { CreateLocationRequest } from './dto/create-location.request.js';
import { ListLocationsQuery, LocationExpandQuery } from './dto/list-locations.query.js';
import { LocationResponse } from './dto/location.response.js';
import { UpdateLocationRequest } from './dto/update-location.request.js';

@ApiTags('locations')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/locations')
export class LocationsController {
  constructor(
    private readonly createLocation: CreateLocation,
    private readonly updateLocation: UpdateLocation,
    private readonly queries: DirectoryQueries,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create a location',
    description:
      'The business must belong to the organisation; `timeZone` is an IANA zone. Records `location.created`.',
  })
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
    description:
      'Newest first; with `updatedSince`, in the order they changed. `expand=business,registrations,organisation` adds the owning business, the registrations with the claiming terminals (`terminalIds`) and the organisation.',
  })
  @ApiPagedResponse(LocationResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(
    @OrganisationIdParam() organisationId: string,
    @Query() query: ListLocationsQuery,
  ): Promise<Page<LocationResponse>> {
    const page = await this.queries.listLocations(organisationId, query, Expansion.of(query.expand));
    return { ...page, items: page.items.map(render) };
  }

  @Get(':locationId')
  @ApiOperation({
    summary: 'Get a location',
    description: 'Takes the same `expand` values as the list. The `ETag` names this version.',
  })
  @ApiOk(LocationResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  @ETagged()
  async get(
    @OrganisationIdParam() organisationId: string,
    @UuidParam('locationId', 'Location') id: string,
    @Query() query: LocationExpandQuery,
  ): Promise<LocationResponse> {
    return render(await this.queries.getLocation(organisationId, id, Expansion.of(query.expand)));
  }

  @Patch(':locationId')
  @ApiOperation({
    summary: 'Update a location',
    description:
      "Changes only the fields sent (the create's fields); `null` clears a nullable field; in `address` only the parts sent change; `registrations` and `terminalIds` are replaced whole; `{}` changes nothing. " +
      'Existing bookings are never rewritten: a new `timeZone` is refused with 409 `location_has_bookings` while the location has upcoming confirmed bookings. ' +
      'A change records `location.updated`. With `If-Match`, only while the location is still the version named (412 otherwise). Answers the default shape, as GET without `expand`.',
  })
  @ApiBody({ type: UpdateLocationRequest, required: true })
  @ApiOk(LocationResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  @Conditional()
  async update(
    @OrganisationIdParam() organisationId: string,
    @UuidParam('locationId', 'Location') id: string,
    @Body() body: UpdateLocationRequest,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<LocationResponse> {
    return LocationResponse.from(await this.updateLocation.execute(organisationId, id, body, ifMatch));
  }
}

function render({ location, expansion, business, organisation }: LocationView): LocationResponse {
  return LocationResponse.from(location, {
    business: business === undefined ? undefined : business && BusinessResponse.from(business),
    registrations: expansion.has('registrations'),
    organisation: organisation && OrganisationResponse.from(organisation),
  });
}
