import { ApiProperty } from '@nestjs/swagger';
import type { ApiKey } from '../../../keys/domain/api-key.js';

const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

/** A key as listed: never its secret or the secret's hash. */
export class ApiKeyResponse {
  @ApiProperty({ example: 'key_2pVkUt8Lr4nHeC2bXgF8iUaSd1M' })
  id: string;

  @ApiProperty({ example: 'Bondi Physio booking page', description: 'What the key is for.' })
  name: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L',
    description: 'The organisation the key is scoped to; `null` for a platform key.',
  })
  organisationId: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-22T05:28:59.000Z' })
  createdAt: string;

  @ApiProperty({
    format: 'date-time',
    example: '2026-11-23T08:14:02.000Z',
    description:
      'When it last changed: revoked, or a use recorded in `lastUsedAt` (at most once a minute). Equal to `createdAt` until it changes.',
  })
  updatedAt: string;

  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    example: '2027-06-30T13:59:59.000Z',
    description: 'From this instant on the key is refused; `null`: never expires.',
  })
  expiresAt: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    example: '2026-11-23T08:14:02.000Z',
    description:
      'The last authenticated request, to the minute (uses within a minute of the one recorded are not written); `null`: never used.',
  })
  lastUsedAt: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    example: '2026-12-01T02:00:00.000Z',
    description:
      'When the key was revoked; `null`: not revoked; a revoked key is refused on every instance within 5 s.',
  })
  revokedAt: string | null;

  static from(apiKey: ApiKey): ApiKeyResponse {
    return {
      id: apiKey.id,
      name: apiKey.name,
      organisationId: apiKey.organisationId,
      createdAt: apiKey.createdAt.toISOString(),
      updatedAt: apiKey.updatedAt.toISOString(),
      expiresAt: iso(apiKey.expiresAt),
      lastUsedAt: iso(apiKey.lastUsedAt),
      revokedAt: iso(apiKey.revokedAt),
    };
  }
}

export class ApiKeyCreatedResponse extends ApiKeyResponse {
  @ApiProperty({
    example: 'sk_Jt0m3oV9cQ2rX7kP4wYb8nE1aH6sZ5uD0fG3iL7q',
    description: 'The secret. Shown only in this answer.',
  })
  key: string;

  static fromIssued({ apiKey, secret }: { apiKey: ApiKey; secret: string }): ApiKeyCreatedResponse {
    const { id, name, organisationId, ...rest } = ApiKeyResponse.from(apiKey);
    return { id, name, organisationId, key: secret, ...rest };
  }
}
