import { Body, Controller, Get, HttpStatus, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors, ApiKeyed, ApiOk, type Caller, CurrentCaller, OrganisationIdParam, UuidParam } from '@app/shared';
import { ClientQueries } from '../application/client.queries.js';
import { clientView } from '../application/client.queries.js';
import { CreateClient } from '../application/create-client.use-case.js';
import { ClientResponse } from './dto/client.response.js';
import { CreateClientRequest } from './dto/create-client.request.js';

@ApiTags('clients')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/clients')
export class ClientsController {
  constructor(
    private readonly createClient: CreateClient,
    private readonly clients: ClientQueries,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create a client',
    description:
      'A patient of the organisation, optionally linked to a member (`memberId`). An organisation key may link only a member it can read ' +
      '(one it created, or one linked to another of its clients); any other member id is 404.',
  })
  @ApiCreatedResponse({ type: ClientResponse, headers: { Location: { description: 'URL of the new client', schema: { type: 'string' } } } })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.UNPROCESSABLE_ENTITY)
  async create(
    @CurrentCaller() caller: Caller,
    @OrganisationIdParam() organisationId: string,
    @Body() body: CreateClientRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ClientResponse> {
    const client = await this.createClient.execute(caller, organisationId, body);
    response.location(`/v1/organisations/${organisationId}/clients/${client.id}`);
    return ClientResponse.from(clientView(client));
  }

  @Get(':clientId')
  @ApiOperation({ summary: 'Get a client', description: 'Deleted clients are still returned, with `deleted: true`.' })
  @ApiOk(ClientResponse)
  @ApiErrors(HttpStatus.NOT_FOUND)
  async get(@OrganisationIdParam() organisationId: string, @UuidParam('clientId', 'Client') clientId: string): Promise<ClientResponse> {
    return ClientResponse.from(await this.clients.get(organisationId, clientId));
  }
}
