import { Body, Controller, HttpStatus, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiKeyed, PlatformOnly } from '@app/shared';
import { CreateApiKey } from '../application/create-api-key.use-case.js';
import { ApiKeyCreatedResponse, CreateApiKeyRequest } from './api-key.dto.js';

@ApiTags('api-keys')
@ApiKeyed()
@Controller('v1/api-keys')
export class ApiKeysController {
  constructor(private readonly createApiKey: CreateApiKey) {}

  @Post()
  @PlatformOnly()
  @ApiOperation({ summary: 'Issue an API key', description: 'Platform keys only. The secret `key` is shown once, in this answer; only its hash is stored.' })
  @ApiCreatedResponse({ type: ApiKeyCreatedResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async create(@Body() body: CreateApiKeyRequest): Promise<ApiKeyCreatedResponse> {
    return ApiKeyCreatedResponse.from(await this.createApiKey.execute(body));
  }
}
