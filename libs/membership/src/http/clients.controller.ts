import { Body, Controller, Delete, Get, HttpStatus, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ApiErrors,
  ApiKeyed,
  ApiOk,
  ApiPagedResponse,
  type Caller,
  Conditional,
  CurrentCaller,
  ETagged,
  IfMatch,
  OrganisationIdParam,
  UuidParam,
} from '@app/shared';
import type { Page } from '@app/shared/domain';
import { ChangeClient } from '../application/change-client.use-case.js';
import { ClientQueries, clientView } from '../application/client.queries.js';
import { CreateClient } from '../application/create-client.use-case.js';
import { ClientResponse } from './dto/client.response.js';
import { CreateClientRequest } from './dto/create-client.request.js';
import { ListClientsQuery } from './dto/list-clients.query.js';
import { UpdateClientRequest } from './dto/update-client.request.js';

const ClientId = () => UuidParam('clientId', 'Client');

@ApiTags('clients')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/clients')
export class ClientsController {
  constructor(
    private readonly createClient: CreateClient,
    private readonly changeClient: ChangeClient,
    private readonly clients: ClientQueries,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'List and search clients',
    description:
      'Ordered by `lastName, firstName, id`, ignoring case and accents. `q` matches the start of the first name, last name or full name ' +
      '(`alex ch`), ignoring case and accents; a whole email, ignoring case; or a mobile number in any common form (`0412 345 678`, `+61412345678`). ' +
      '`email`, `mobileNumber` and `dateOfBirth` filter exactly. Archived clients are left out unless `includeDeleted=true`. ' +
      'With `updatedSince`: the clients changed since then, archived ones included, ordered `updatedAt, id`.',
  })
  @ApiPagedResponse(ClientResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(
    @OrganisationIdParam() organisationId: string,
    @Query() query: ListClientsQuery,
  ): Promise<Page<ClientResponse>> {
    const page = await this.clients.list(organisationId, query, query);
    return { ...page, items: page.items.map((client) => ClientResponse.from(client)) };
  }

  @Post()
  @ApiOperation({
    summary: 'Create a client',
    description:
      'A patient of the organisation, optionally linked to a member (`memberId`). An organisation key may link only a member it can read ' +
      '(one it created, or one linked to another of its clients); any other member id is 404.',
  })
  @ApiCreatedResponse({
    type: ClientResponse,
    headers: { Location: { description: 'URL of the new client', schema: { type: 'string' } } },
  })
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
  @ApiOperation({
    summary: 'Get a client',
    description:
      'Archived clients are still returned, with `deleted: true`. The `ETag` names this version of the client.',
  })
  @ApiOk(ClientResponse)
  @ETagged()
  @ApiErrors(HttpStatus.NOT_FOUND)
  async get(@OrganisationIdParam() organisationId: string, @ClientId() clientId: string): Promise<ClientResponse> {
    return ClientResponse.from(await this.clients.get(organisationId, clientId));
  }

  @Patch(':clientId')
  @ApiOperation({
    summary: 'Update a client',
    description:
      'Changes only the fields sent, checked as on create; `null` clears a field that may be empty; `{}` changes nothing. ' +
      'A new `memberId` must name a member the caller can read (404 otherwise). Bookings keep pointing at the client as it is. ' +
      'With `If-Match`, changes only the version named (412 otherwise). Records `client.updated` when something changed.',
  })
  @ApiBody({ type: UpdateClientRequest, required: true })
  @ApiOk(ClientResponse)
  @Conditional()
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async update(
    @CurrentCaller() caller: Caller,
    @OrganisationIdParam() organisationId: string,
    @ClientId() clientId: string,
    @Body() body: UpdateClientRequest,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<ClientResponse> {
    return ClientResponse.from(await this.changeClient.update(caller, organisationId, clientId, body, ifMatch));
  }

  @Delete(':clientId')
  @ApiOperation({
    summary: 'Archive a client',
    description:
      'Marks the client `deleted`: it stays readable, keeps its bookings and cards, leaves the list (unless `includeDeleted=true`), and takes no new ' +
      'booking or card (409 `client_deleted`). Archiving again changes nothing. Records `client.deleted`.',
  })
  @ApiOk(ClientResponse)
  @Conditional()
  @ApiErrors(HttpStatus.NOT_FOUND)
  async archive(
    @OrganisationIdParam() organisationId: string,
    @ClientId() clientId: string,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<ClientResponse> {
    return ClientResponse.from(await this.changeClient.archive(organisationId, clientId, ifMatch));
  }
}
