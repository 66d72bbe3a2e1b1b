import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** The parsed event, once `standardwebhooks` verified it with the endpoint's secret. */
  event?: DeliveredEvent;
}

/** The event as the service signs and sends it (EventResponse). */
export interface DeliveredEvent {
  id: string;
  type: string;
  organisationId: string;
  createdAt: string;
  data: Record<string, unknown>;
  /** Only on `booking.rescheduled`: where the booking was. */
  previous?: Record<string, unknown>;
}

/**
 * A webhook receiver on 127.0.0.1, verifying each delivery with `standardwebhooks` as a client's
 * would. `answer` picks the status of each request (by its number, from 0).
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  secret = '';
  answer: (index: number, received: Received) => number | 'hang' = () => 200;
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const received: Received = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
        try {
          received.event = new Webhook(this.secret).verify(
            received.body,
            request.headers as Record<string, string>,
          ) as DeliveredEvent;
        } catch {
          // Left unverified: the test sees it has no event.
        }
        const index = this.received.push(received) - 1;
        const status = this.answer(index, received);
        if (status === 'hang') return;
        response.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? 'x'.repeat(3000) : 'ok');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Waits until `count` requests arrived (or fails after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 20_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} deliveries, got ${this.received.length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.received;
  }

  /** Waits until `count` deliveries of one event (by `webhook-id`) arrived, and answers them. */
  async waitForEvent(eventId: string, count = 1, timeoutMs = 20_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    const ofEvent = () => this.received.filter((received) => received.headers['webhook-id'] === eventId);
    while (ofEvent().length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} deliveries of ${eventId}, got ${ofEvent().length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return ofEvent();
  }
}
