import { createTransport, type Transporter } from 'nodemailer';
import { DeliveryFailure, Mailer, type OutgoingEmail } from '../../domain/mailer.js';

/** What nodemailer's errors carry: the server's answer to a refused command, or the network error. */
interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/**
 * Emails through the mail server of `SMTP_URL` (nodemailer), one connection per message. The URL's
 * user and password are never in a failure's words.
 */
export class SmtpMailer extends Mailer {
  readonly delivers = true;
  private readonly transport: Transporter;
  private readonly secrets: string[];

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    // A server that does not answer gives up its worker within a minute and a half, inside the job's two minutes.
    this.transport = createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
      logger: false,
    });
    const url = new URL(smtpUrl);
    this.secrets = [
      url.password,
      decodeURIComponent(url.password),
      url.username,
      decodeURIComponent(url.username),
    ].filter((secret) => secret.length >= 3);
  }

  async send(email: OutgoingEmail): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: email.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: Buffer.from(attachment.content),
        })),
      });
    } catch (error) {
      throw this.failureOf(error as SmtpError);
    }
  }

  /** A 5xx answer to the message or its recipient is final; a login refused, a 4xx or a network error may pass later. */
  private failureOf(error: SmtpError): DeliveryFailure {
    const answered = typeof error.responseCode === 'number';
    const words = answered
      ? `The mail server answered ${error.response ?? error.responseCode}`
      : `${error.code ?? 'Error'}: ${error.message ?? 'sending failed'}`;
    const permanent = answered && error.responseCode! >= 500 && error.code !== 'EAUTH';
    return new DeliveryFailure(
      this.secrets.reduce((text, secret) => text.replaceAll(secret, '***'), words).slice(0, 500),
      permanent,
    );
  }
}

/** No `SMTP_URL`: nothing is sent, and each message is recorded as `logged` with its text. */
export class NoMailServer extends Mailer {
  readonly delivers = false;

  send(): Promise<void> {
    return Promise.reject(new Error('No mail server is configured (SMTP_URL): messages are logged, not sent'));
  }
}
