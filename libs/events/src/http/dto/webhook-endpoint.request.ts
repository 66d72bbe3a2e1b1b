import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { MayBeOmitted } from '@app/shared';
import { EVENT_SELECTORS } from '../../domain/event-selection.js';

const URL_RULES = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

const URL_MESSAGE = { message: 'must be an https URL' };

const SELECTOR_MESSAGE = {
  each: true,
  message: 'each value must be `*`, an event type or a family such as `booking.*`',
};

export class CreateWebhookEndpointRequest {
  @ApiProperty({
    example: 'https://pms.example.com/webhooks/clinic',
    maxLength: 2048,
    description: 'https, and never a loopback, private, link-local or metadata address.',
  })
  @IsString()
  @IsUrl(URL_RULES, URL_MESSAGE)
  @MaxLength(2048)
  url: string;

  @ApiProperty({ required: false, type: String, nullable: true, maxLength: 500, example: 'Practice management sync' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string | null;

  @ApiProperty({
    type: [String],
    enum: EVENT_SELECTORS,
    example: ['booking.*', 'client.created'],
    description: '`*` for every event, or types, or families.',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsIn(EVENT_SELECTORS, SELECTOR_MESSAGE)
  enabledEvents: string[];
}

export class UpdateWebhookEndpointRequest {
  @ApiProperty({ required: false, example: 'https://pms.example.com/webhooks/clinic', maxLength: 2048 })
  @MayBeOmitted()
  @IsString()
  @IsUrl(URL_RULES, URL_MESSAGE)
  @MaxLength(2048)
  url?: string;

  @ApiProperty({ required: false, type: String, nullable: true, maxLength: 500, example: 'Practice management sync' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string | null;

  @ApiProperty({ required: false, type: [String], enum: EVENT_SELECTORS, example: ['*'] })
  @MayBeOmitted()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsIn(EVENT_SELECTORS, SELECTOR_MESSAGE)
  enabledEvents?: string[];

  @ApiProperty({
    required: false,
    enum: ['enabled', 'disabled'],
    example: 'enabled',
    description: 'Enabling restarts the three-day failure clock.',
  })
  @MayBeOmitted()
  @IsIn(['enabled', 'disabled'], { message: 'status must be enabled or disabled' })
  status?: 'enabled' | 'disabled';
}
