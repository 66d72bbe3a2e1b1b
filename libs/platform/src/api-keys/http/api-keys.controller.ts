import { Body, Controller, Delete, Get, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  ApiErrors,
  ApiKeyed,
  ApiOk,
  ApiPagedResponse,
  type Caller,
  conflict,
  CurrentCaller,
  ETagged,
  PageQuery,
  PlatformOnly,
  PrefixedIdParam,
} from '@app/shared';
import type { Page } from '@app/shared/domain';
import { AnswerShownOnce } from '../../idempotency/answer-shown-once.js';
import { ApiKeyQueries } from '../application/api-key.queries.js';
import { CreateApiKey } from '../application/create-api-key.use-case.js';
import { RevokeApiKey } from '../application/revoke-api-key.use-case.js';
import { ApiKeyCreatedResponse, ApiKeyResponse } from './dto/api-key.response.js';
import { CreateApiKeyRequest } from './dto/create-api-key.request.js';

const alreadyIssued = ({ id }: ApiKeyCreatedResponse) =>
  conflict(
    'api_key_already_issued',
    `The first request with this Idempotency-Key issued API key ${id}; its secret was shown only in that answer and is not kept. Send a new Idempotency-Key to issue another key.`,
    { apiKeyId: id },
  );

const KeyId = (): ParameterDecorator => PrefixedIdParam('keyId', 'key', 'API key');
const KeyIdDocs = (): MethodDecorator =>
  ApiParam({
    name: 'keyId',
    description: "The API key's `id` (`key_…`); any other shape is 404.",
    example: 'key_2pVkUt8Lr4nHeC2bXgF8iUaSd1M',
  });

@ApiTags('api-keys')
@ApiKeyed()
@Controller('v1/api-keys')
export class ApiKeysController {
  constructor(
    private readonly createApiKey: CreateApiKey,
    private readonly revokeApiKey: RevokeApiKey,
    private readonly queries: ApiKeyQueries,
  ) {}

  @Post()
  @PlatformOnly()
  @ApiOperation({
    summary: 'Issue an API key',
    description:
      'Platform keys only. The secret `key` is shown once, in this answer; only its hash is stored. ' +
      'So a retry with the same `Idempotency-Key` and body does not replay the answer: it gets 409 `api_key_already_issued` naming the issued key (`apiKeyId`).',
  })
  @ApiCreatedResponse({ type: ApiKeyCreatedResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  @AnswerShownOnce(alreadyIssued)
  async create(@Body() body: CreateApiKeyRequest): Promise<ApiKeyCreatedResponse> {
    return ApiKeyCreatedResponse.fromIssued(await this.createApiKey.execute(body));
  }

  @Get()
  @ApiOperation({
    summary: 'List API keys',
    description:
      "A platform key sees every key; an organisation key only its organisation's. Revoked and expired keys included. Never a secret. Newest first. " +
      'A key changes when it is revoked or a use is recorded (`lastUsedAt`).',
  })
  @ApiPagedResponse(ApiKeyResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST)
  async list(@Query() query: PageQuery, @CurrentCaller() caller: Caller): Promise<Page<ApiKeyResponse>> {
    const page = await this.queries.list(caller, query);
    return { ...page, items: page.items.map((apiKey) => ApiKeyResponse.from(apiKey)) };
  }

  @Get(':keyId')
  @ApiOperation({
    summary: 'Get an API key',
    description:
      "Never its secret. With an organisation key, another organisation's key or a platform key is 404. `ETag` names its version.",
  })
  @KeyIdDocs()
  @ApiOk(ApiKeyResponse)
  @ETagged()
  @ApiErrors(HttpStatus.NOT_FOUND)
  async get(@KeyId() keyId: string, @CurrentCaller() caller: Caller): Promise<ApiKeyResponse> {
    return ApiKeyResponse.from(await this.queries.get(caller, keyId));
  }

  @Delete(':keyId')
  @ApiOperation({
    summary: 'Revoke an API key',
    description:
      'Sets `revokedAt` and answers the key. From then on the key gets 401 `unauthenticated` on every instance within 5 s. ' +
      'Revoking again changes nothing (the first `revokedAt` stands). A key may revoke itself. ' +
      "An organisation key revokes its organisation's keys only; another organisation's key or a platform key is 404.",
  })
  @KeyIdDocs()
  @ApiOk(ApiKeyResponse, 'The revoked key.')
  @ApiErrors(HttpStatus.NOT_FOUND)
  async revoke(@KeyId() keyId: string, @CurrentCaller() caller: Caller): Promise<ApiKeyResponse> {
    return ApiKeyResponse.from(await this.revokeApiKey.execute(caller, keyId));
  }
}
