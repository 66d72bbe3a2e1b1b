import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One text message the fake was asked to send, as Twilio received it. */
export interface TwilioMessage {
  accountSid: string;
  /** The `Authorization` header's user and password (Basic), as Twilio checks them. */
  user: string;
  password: string;
  to: string;
  from: string;
  body: string;
}

/** How the fake answers a message to one number, as Twilio's API does: a status and an error code. */
interface Refusal {
  status: number;
  code: number;
  message: string;
}

/**
 * A local stand-in for Twilio's Messages API, on 127.0.0.1, for the tests: the official SDK is pointed
 * at it (`TWILIO_API_BASE`). It serves the one endpoint the adapter calls,
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (form-encoded `To`, `From`, `Body`; Basic
 * auth of the account SID and auth token), and answers 201 with the message (`sid`, `status:
 * "queued"`), or 401 (code 20003) for other credentials. `refuse(number, …)` makes every message to
 * that number answer as Twilio answers one it will not take (400 with code 21211 for a number that
 * cannot receive it; 503 or 429 for a moment's failure). Every message is kept in `messages`.
 */
export class FakeTwilio {
  readonly accountSid = `AC${randomBytes(16).toString('hex')}`;
  readonly authToken = randomBytes(16).toString('hex');
  readonly messages: TwilioMessage[] = [];
  private readonly refusals = new Map<string, Refusal>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeTwilio> {
    const server = createServer();
    const fake = new FakeTwilio(server);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => void fake.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  refuse(number: string, refusal: Refusal): void {
    this.refusals.set(number, refusal);
  }

  /** The messages sent to `number`, oldest first. */
  to(number: string): TwilioMessage[] {
    return this.messages.filter((message) => message.to === number);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const path = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !path) return answer(404, { status: 404, code: 20404, message: 'Not found' });
    const [user, password] = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    if (user !== this.accountSid || password !== this.authToken || path[1] !== this.accountSid)
      return answer(401, { status: 401, code: 20003, message: 'Authenticate' });
    const form = new URLSearchParams(Buffer.concat(chunks).toString());
    const message = {
      accountSid: path[1],
      user,
      password,
      to: form.get('To') ?? '',
      from: form.get('From') ?? '',
      body: form.get('Body') ?? '',
    };
    this.messages.push(message);
    const refusal = this.refusals.get(message.to);
    if (refusal)
      return answer(refusal.status, { ...refusal, more_info: `https://www.twilio.com/docs/errors/${refusal.code}` });
    answer(201, {
      sid: `SM${randomBytes(16).toString('hex')}`,
      account_sid: this.accountSid,
      to: message.to,
      from: message.from,
      body: message.body,
      status: 'queued',
      num_segments: '1',
      date_created: new Date().toUTCString(),
    });
  }
}
