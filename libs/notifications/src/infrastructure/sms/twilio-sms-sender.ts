import twilio from 'twilio';
import { DeliveryFailure } from '../../domain/mailer.js';
import { type OutgoingSms, SmsSender } from '../../domain/sms-sender.js';

const TWILIO_API = 'https://api.twilio.com';

/**
 * Text messages through Twilio's Messages API, with the official SDK. A refusal of the message
 * itself (a 4xx answer: a number that cannot receive it, a sender not allowed) is final; a 429, a
 * 5xx or a network error may pass later, so the job engine tries again. The auth token is never in
 * a failure's words. `apiBase` (tests only) sends the SDK's requests to a local fake instead.
 */
export class TwilioSmsSender extends SmsSender {
  readonly delivers = true;
  private readonly client: twilio.Twilio;
  private readonly from: string;

  constructor(settings: { accountSid: string; authToken: string; from: string }, apiBase?: URL) {
    super();
    this.from = settings.from;
    const requests = new twilio.RequestClient({ timeout: 15_000 });
    const httpClient = apiBase
      ? Object.assign(Object.create(requests) as twilio.RequestClient, {
          request: (options: Parameters<twilio.RequestClient['request']>[0]) =>
            requests.request({ ...options, uri: options.uri.replace(TWILIO_API, apiBase.origin) }),
        })
      : requests;
    this.client = twilio(settings.accountSid, settings.authToken, { httpClient });
  }

  async send(sms: OutgoingSms): Promise<void> {
    try {
      await this.client.messages.create({ to: sms.to, from: this.from, body: sms.body });
    } catch (error) {
      throw failureOf(error);
    }
  }
}

function failureOf(error: unknown): DeliveryFailure {
  if (error instanceof twilio.RestException) {
    const permanent = error.status >= 400 && error.status < 500 && error.status !== 429;
    return new DeliveryFailure(
      `Twilio answered ${error.status}${error.code ? ` (error ${error.code})` : ''}: ${error.message}`.slice(0, 500),
      permanent,
    );
  }
  const { code, message } = error as { code?: string; message?: string };
  return new DeliveryFailure(`${code ?? 'Error'}: ${message ?? 'sending failed'}`.slice(0, 500), false);
}

/** `SMS_PROVIDER=log`: nothing is sent, and each text message is recorded as `logged` with its words. */
export class NoSmsProvider extends SmsSender {
  readonly delivers = false;

  send(): Promise<void> {
    return Promise.reject(
      new Error('No SMS provider is configured (SMS_PROVIDER): text messages are logged, not sent'),
    );
  }
}
