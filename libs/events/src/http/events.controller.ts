import { Controller, Get, HttpStatus, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiKeyed, ApiOk, ApiPagedResponse, type Caller, CurrentCaller, PrefixedIdParam } from '@app/shared';
import type { Page } from '@app/shared/domain';
import { EventQueries } from '../application/event.queries.js';
import { EventResponse } from './dto/event.response.js';
import { ListEventsQuery } from './dto/list-events.query.js';

@ApiTags('events')
@ApiKeyed()
@Controller('v1/events')
export class EventsController {
  constructor(private readonly queries: EventQueries) {}

  @Get()
  @ApiOperation({
    summary: 'List events',
    description:
      "Newest first (`createdAt desc`), in the key's scope, kept 30 days. Filters: `type` (types or families such as `booking.*`), `createdAtMin` (inclusive), `createdAtMax` (exclusive). " +
      'An event never changes, so `updatedSince` lists the events that happened since, oldest first (`timestamp, id`).',
  })
  @ApiPagedResponse(EventResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST)
  async list(@Query() query: ListEventsQuery, @CurrentCaller() caller: Caller): Promise<Page<EventResponse>> {
    const filters = {
      types: query.type,
      createdAtMin: query.createdAtMin ? new Date(query.createdAtMin) : undefined,
      createdAtMax: query.createdAtMax ? new Date(query.createdAtMax) : undefined,
    };
    const page = await this.queries.list(caller.organisationId, filters, query);
    return { ...page, items: page.items.map((event) => EventResponse.from(event)) };
  }

  @Get(':eventId')
  @ApiOperation({
    summary: 'Get an event',
    description: "One event in the key's scope, with `data` exactly as webhooks received it.",
  })
  @ApiOk(EventResponse)
  @ApiErrors(HttpStatus.NOT_FOUND)
  async get(
    @PrefixedIdParam('eventId', 'evt', 'Event') eventId: string,
    @CurrentCaller() caller: Caller,
  ): Promise<EventResponse> {
    return EventResponse.from(await this.queries.get(caller.organisationId, eventId));
  }
}
