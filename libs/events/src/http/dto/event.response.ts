import { ApiProperty } from '@nestjs/swagger';
import { EVENT_TYPES } from '@app/shared/domain';
import { eventBody, type StoredEvent } from '../../domain/stored-event.js';

class PreviousPlaceResponse {
  @ApiProperty({ example: '2026-12-01T09:30:00.000Z', format: 'date-time' }) serviceDate: string;
  @ApiProperty({ example: '0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a' }) providerId: string;
  @ApiProperty({ example: '0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f' }) locationId: string;
}

export class EventResponse {
  @ApiProperty({
    example: 'evt_2pVkUq3Kx9mGdB1aWfE7hTzRc0L',
    description: '`evt_` and a KSUID; the `webhook-id` of its deliveries.',
  })
  id: string;

  @ApiProperty({ enum: EVENT_TYPES, example: 'booking.created' })
  type: string;

  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time', description: 'When the change committed.' })
  timestamp: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L',
    description: 'Null for a change no organisation owns (a member a platform key created).',
  })
  organisationId: string | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { id: '0193a6fb-b425-70e7-82f9-5d6e7f8091a2', status: 'confirmed' },
    description: 'The resource as its GET returns it, at the time of the event.',
  })
  data: object;

  @ApiProperty({
    required: false,
    type: PreviousPlaceResponse,
    description: 'Only on `booking.rescheduled`: where the booking was before it moved.',
  })
  previous?: object;

  static from(event: StoredEvent): EventResponse {
    return eventBody(event);
  }
}
