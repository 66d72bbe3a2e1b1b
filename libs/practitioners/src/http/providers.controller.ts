import { Body, Controller, Delete, Get, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors, ApiKeyed, ApiOk, ApiPagedResponse, Expansion, OrganisationIdParam, UuidParam } from '@app/shared';
import type { Page } from '@app/shared/domain';
import { CreateLocationLink } from '../application/create-location-link.use-case.js';
import { CreateProvider } from '../application/create-provider.use-case.js';
import { DeleteProvider } from '../application/delete-provider.use-case.js';
import { PractitionerQueries } from '../application/practitioner.queries.js';
import { CreateLocationLinkRequest } from './dto/create-location-link.request.js';
import { ProviderLocationLinkResponse } from './dto/location-link.response.js';
import { CreateProviderRequest } from './dto/create-provider.request.js';
import { ListProvidersQuery, ProviderExpandQuery } from './dto/list-providers.query.js';
import { ProviderResponse } from './dto/provider.response.js';

const ProviderId = () => UuidParam('providerId', 'Provider');

@ApiTags('providers')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/providers')
export class ProvidersController {
  constructor(
    private readonly createProvider: CreateProvider,
    private readonly deleteProvider: DeleteProvider,
    private readonly createLocationLink: CreateLocationLink,
    private readonly queries: PractitionerQueries,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'List providers',
    description:
      'Ordered by `lastName, firstName, id`. Deleted providers are left out unless `includeDeleted=true`. `expand` takes `locationLinks` and `locations`.',
  })
  @ApiPagedResponse(ProviderResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(@OrganisationIdParam() organisationId: string, @Query() query: ListProvidersQuery): Promise<Page<ProviderResponse>> {
    const page = await this.queries.list(organisationId, query, { includeDeleted: query.includeDeleted ?? false, expansion: Expansion.of(query.expand) });
    return { ...page, items: page.items.map((provider) => ProviderResponse.from(provider)) };
  }

  @Post()
  @ApiOperation({ summary: 'Create a provider', description: 'A practitioner of the organisation; link them to locations with `POST …/location-links`.' })
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
  @ApiOperation({ summary: 'Get a provider', description: 'Deleted providers are still returned, with `deleted: true`.' })
  @ApiOk(ProviderResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async get(@OrganisationIdParam() organisationId: string, @ProviderId() providerId: string, @Query() query: ProviderExpandQuery): Promise<ProviderResponse> {
    return ProviderResponse.from(await this.queries.get(organisationId, providerId, Expansion.of(query.expand)));
  }

  @Delete(':providerId')
  @ApiOperation({
    summary: 'Delete a provider',
    description: 'Marks the provider `deleted`; it stays readable and leaves the providers list. Deleting again changes nothing.',
  })
  @ApiOk(ProviderResponse)
  @ApiErrors(HttpStatus.NOT_FOUND)
  async remove(@OrganisationIdParam() organisationId: string, @ProviderId() providerId: string): Promise<ProviderResponse> {
    await this.deleteProvider.execute(organisationId, providerId);
    return ProviderResponse.from(await this.queries.get(organisationId, providerId, Expansion.none()));
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
}
