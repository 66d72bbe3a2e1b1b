import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ApiKey } from '../domain/api-key.js';

export class CreateApiKeyRequest {
  @ApiProperty({ example: 'Bondi Physio booking page', maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty({ required: false, example: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L', description: 'Scope the key to one organisation; omit for a platform key.' })
  @IsOptional()
  @IsString()
  organisationId?: string;
}

export class ApiKeyCreatedResponse {
  @ApiProperty({ example: 'key_2pVkUt8Lr4nHeC2bXgF8iUaSd1M' })
  id: string;

  @ApiProperty({ example: 'Bondi Physio booking page' })
  name: string;

  @ApiProperty({ type: String, nullable: true, example: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L' })
  organisationId: string | null;

  @ApiProperty({ example: 'sk_Jt0m3oV9cQ2rX7kP4wYb8nE1aH6sZ5uD0fG3iL7q', description: 'The secret. Shown only in this answer.' })
  key: string;

  @ApiProperty({ example: '2026-11-22T05:28:59.000Z' })
  createdAt: string;

  static from({ apiKey, secret }: { apiKey: ApiKey; secret: string }): ApiKeyCreatedResponse {
    return { id: apiKey.id, name: apiKey.name, organisationId: apiKey.organisationId, key: secret, createdAt: apiKey.createdAt.toISOString() };
  }
}
