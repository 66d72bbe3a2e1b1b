import type { Provider } from '@nestjs/common';
import { type EventDataRegistration, EventRenderers } from '../domain/domain-events.js';

/**
 * A provider, listed in a context's module, that registers at start-up how the context's http
 * layer renders the `data` of its event types from the resources its use cases record.
 */
export function eventData(register: EventDataRegistration): Provider {
  return { provide: Symbol(register.name), useFactory: register, inject: [EventRenderers] };
}
