import { Body, Controller, Delete, Get, HttpStatus, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ApiErrors,
  ApiKeyed,
  ApiOk,
  ApiPagedResponse,
  Conditional,
  ETagged,
  Expansion,
  IfMatch,
  includesArchived,
  OrganisationIdParam,
  UuidParam,
} from '@app/shared';
import type { Page } from '@app/shared/domain';
import { CreateLocationLink } from '../application/create-location-link.use-case.js';
import { CreateProvider } from '../application/create-provider.use-case.js';
import { DeleteLocationLink } from '../application/delete-location-link.use-case.js';
import { DeleteProvider } from '../application/delete-provider.use-case.js';
import { PractitionerQueries } from '../application/practitioner.queries.js';
import { UpdateLocationLink } from '../application/update-location-link.use-case.js';
import { UpdateProvider } from '../application/update-provider.use-case.js';
import { CreateLocationLinkRequest } from './dto/create-location-link.request.js';
import { ProviderLocationLinkResponse } from './dto/location-link.response.js';
import { CreateProviderRequest } from './dto/create-provider.request.js';
import { ListLocationLinksQuery } from './dto/list-location-links.query.js';
import { ListProvidersQuery, ProviderExpandQuery } from './dto/list-providers.query.js';
import { ProviderResponse } from './dto/provider.response.js';
import { UpdateLocationLinkRequest } from './dto/update-location-link.request.js';
import { UpdateProviderRequest } from './dto/update-provider.request.js';

const ProviderId = () => UuidParam('providerId', 'Provider');
const LinkId = () => UuidParam('linkId', 'Location link');

/**
 * Providers, and their links to the locations they practise at. `@ETagged()` and `@Conditional()`
 * sit below `@ApiOk(...)`: the 200 that `@ApiOk` documents last keeps their `ETag` header.
 */
@ApiTags('providers')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/providers')
export class ProvidersController {
  constructor(
    private readonly createProvider: CreateProvider,
    private readonly updateProvider: UpdateProvider,
    private readonly deleteProvider: DeleteProvider,
    private readonly createLocationLink: CreateLocationLink,
    private readonly updateLocationLink: UpdateLocationLink,
    private readonly deleteLocationLink: DeleteLocationLink,
    private readonly queries: PractitionerQueries,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'List providers',
    description:
      'Ordered by `lastName, firstName, id`. Archived (deleted) providers are left out unless `includeDeleted=true`. ' +
      'With `updatedSince`: those changed since, archived ones included, ordered `updatedAt, id`. `expand` takes `locationLinks` and `locations`.',
  })
  @ApiPagedResponse(ProviderResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(
    @OrganisationIdParam() organisationId: string,
    @Query() query: ListProvidersQuery,
  ): Promise<Page<ProviderResponse>> {
    const page = await this.queries.list(organisationId, query, {
      includeDeleted: includesArchived(query),
      expansion: Expansion.of(query.expand),
    });
    return { ...page, items: page.items.map((provider) => ProviderResponse.from(provider)) };
  }

  @Post()
  @ApiOperation({
    summary: 'Create a provider',
    description: 'A practitioner of the organisation; link them to locations with `POST …/location-links`.',
  })
  @ApiCreatedResponse({ type: ProviderResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async create(
    @OrganisationIdParam() organisationId: string,
    @Body() body: CreateProviderRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ProviderResponse> {
    const provider = await this.createProvider.execute(organisationId, body);
    response.location(`/v1/organisations/${organisationId}/providers/${provider.id}`);
    return ProviderResponse.from(await this.queries.get(organisationId, provider.id, Expansion.none()));
  }

  @Get(':providerId')
  @ApiOperation({
    summary: 'Get a provider',
    description: 'Archived (deleted) providers are still returned, with `deleted: true`.',
  })
  @ApiOk(ProviderResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  @ETagged()
  async get(
    @OrganisationIdParam() organisationId: string,
    @ProviderId() providerId: string,
    @Query() query: ProviderExpandQuery,
  ): Promise<ProviderResponse> {
    return ProviderResponse.from(await this.queries.get(organisationId, providerId, Expansion.of(query.expand)));
  }

  @Patch(':providerId')
  @ApiOperation({
    summary: 'Update a provider',
    description:
      'Changes only the fields sent; `null` clears a nullable one; `{}` changes nothing. Checked as a new provider is. ' +
      'Bookings already made are never rewritten. Answers the provider as its GET does.',
  })
  @ApiBody({ type: UpdateProviderRequest, required: true })
  @ApiOk(ProviderResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  @Conditional()
  async update(
    @OrganisationIdParam() organisationId: string,
    @ProviderId() providerId: string,
    @Body() body: UpdateProviderRequest,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<ProviderResponse> {
    return ProviderResponse.from(await this.updateProvider.execute(organisationId, providerId, body, ifMatch));
  }

  @Delete(':providerId')
  @ApiOperation({
    summary: 'Archive a provider',
    description:
      'Marks the provider `deleted`: it stays readable, leaves the providers list, and takes no new link or booking; bookings already made keep it. ' +
      'Archiving again changes nothing.',
  })
  @ApiOk(ProviderResponse)
  @ApiErrors(HttpStatus.NOT_FOUND)
  @Conditional()
  async remove(
    @OrganisationIdParam() organisationId: string,
    @ProviderId() providerId: string,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<ProviderResponse> {
    return ProviderResponse.from(await this.deleteProvider.execute(organisationId, providerId, ifMatch));
  }

  @Get(':providerId/location-links')
  @ApiOperation({
    summary: "List a provider's location links",
    description:
      'Newest first (`createdAt desc, id desc`). Archived links are left out unless `includeDeleted=true`. ' +
      'With `updatedSince`: those changed since, archived ones included, ordered `updatedAt, id`.',
  })
  @ApiPagedResponse(ProviderLocationLinkResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async listLinks(
    @OrganisationIdParam() organisationId: string,
    @ProviderId() providerId: string,
    @Query() query: ListLocationLinksQuery,
  ): Promise<Page<ProviderLocationLinkResponse>> {
    const page = await this.queries.locationLinks(organisationId, providerId, query, {
      includeDeleted: includesArchived(query),
    });
    return { ...page, items: page.items.map((link) => ProviderLocationLinkResponse.from(link)) };
  }

  @Post(':providerId/location-links')
  @ApiOperation({
    summary: 'Link a provider to a location',
    description: 'One live link per provider and location. A Medicare provider number, when given, must be valid.',
  })
  @ApiCreatedResponse({ type: ProviderLocationLinkResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async link(
    @OrganisationIdParam() organisationId: string,
    @ProviderId() providerId: string,
    @Body() body: CreateLocationLinkRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ProviderLocationLinkResponse> {
    const link = await this.createLocationLink.execute(organisationId, providerId, body);
    response.location(`/v1/organisations/${organisationId}/providers/${providerId}?expand=locationLinks`);
    return ProviderLocationLinkResponse.from(link);
  }

  @Patch(':providerId/location-links/:linkId')
  @ApiOperation({
    summary: 'Update a location link',
    description:
      'Changes only the fields sent; `{}` changes nothing. `medicare` and `association` are each replaced whole, as a new link builds them: ' +
      'a field left out of the object sent becomes null, and `{}` clears them. A provider number must be valid. ' +
      'Bookings made through the link keep pointing at it.',
  })
  @ApiBody({ type: UpdateLocationLinkRequest, required: true })
  @ApiOk(ProviderLocationLinkResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  @Conditional()
  async updateLink(
    @OrganisationIdParam() organisationId: string,
    @ProviderId() providerId: string,
    @LinkId() linkId: string,
    @Body() body: UpdateLocationLinkRequest,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<ProviderLocationLinkResponse> {
    return ProviderLocationLinkResponse.from(
      await this.updateLocationLink.execute(organisationId, providerId, linkId, body, ifMatch),
    );
  }

  @Delete(':providerId/location-links/:linkId')
  @ApiOperation({
    summary: 'Archive a location link',
    description:
      'Marks the link `deleted`: the provider takes no new booking at that location, and may be linked there again; bookings already made keep the link. ' +
      'Archiving again changes nothing.',
  })
  @ApiOk(ProviderLocationLinkResponse)
  @ApiErrors(HttpStatus.NOT_FOUND)
  @Conditional()
  async removeLink(
    @OrganisationIdParam() organisationId: string,
    @ProviderId() providerId: string,
    @LinkId() linkId: string,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<ProviderLocationLinkResponse> {
    return ProviderLocationLinkResponse.from(
      await this.deleteLocationLink.execute(organisationId, providerId, linkId, ifMatch),
    );
  }
}
