import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

/**
 * A mail server on 127.0.0.1 (`smtp-server`), as a clinic's would be: it takes what the service
 * sends and keeps it parsed (`mailparser`). `answer` picks how it answers each message, by the
 * recipient: `undefined` takes it, a number refuses it with that SMTP code. It accepts any login,
 * and records the password it was given, so a test can look for it where it must not be.
 */
export class SmtpReceiver {
  readonly received: ReceivedEmail[] = [];
  /** Every message offered, taken or refused, by recipient. */
  readonly offered: string[] = [];
  readonly passwords = new Set<string>();
  answer: (to: string) => number | undefined = () => undefined;
  private server?: SMTPServer;

  async start(): Promise<number> {
    this.server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.password) this.passwords.add(auth.password);
        callback(null, { user: auth.username });
      },
      onData: (stream, session, callback) => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        this.offered.push(...to);
        const refusal = this.answer(to[0]);
        if (refusal !== undefined) {
          stream.resume();
          stream.on('end', () =>
            callback(
              Object.assign(new Error(refusal >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
                responseCode: refusal,
              }),
            ),
          );
          return;
        }
        simpleParser(stream)
          .then((mail) => {
            this.received.push({
              from: mail.from?.text ?? '',
              to,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: mail.html || '',
              attachments: mail.attachments.map(({ filename, contentType, content }) => ({
                filename: filename ?? '',
                contentType,
                content,
              })),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** What arrived for `to`. */
  to(to: string): ReceivedEmail[] {
    return this.received.filter((email) => email.to.includes(to));
  }

  /** Waits until `count` emails arrived for `to` that `matching` picks (or fails after `timeoutMs`); answers them. */
  async waitFor(
    to: string,
    count: number,
    matching: (email: ReceivedEmail) => boolean = () => true,
    timeoutMs = 20_000,
  ): Promise<ReceivedEmail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const arrived = this.to(to).filter(matching);
      if (arrived.length >= count) return arrived;
      if (Date.now() > deadline)
        throw new Error(`${arrived.length} of ${count} emails to ${to} arrived within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
