import { Body, Controller, HttpStatus, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiKeyed, conflict, PlatformOnly } from '@app/shared';
import { AnswerShownOnce } from '../../idempotency/answer-shown-once.js';
import { CreateApiKey } from '../application/create-api-key.use-case.js';
import { ApiKeyCreatedResponse, CreateApiKeyRequest } from './api-key.dto.js';

const alreadyIssued = ({ id }: ApiKeyCreatedResponse) =>
  conflict(
    'api_key_already_issued',
    `The first request with this Idempotency-Key issued API key ${id}; its secret was shown only in that answer and is not kept. Send a new Idempotency-Key to issue another key.`,
    { apiKeyId: id },
  );

@ApiTags('api-keys')
@ApiKeyed()
@Controller('v1/api-keys')
export class ApiKeysController {
  constructor(private readonly createApiKey: CreateApiKey) {}

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
    return ApiKeyCreatedResponse.from(await this.createApiKey.execute(body));
  }
}
