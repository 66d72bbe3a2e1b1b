export interface OutgoingSms {
  /** A mobile number in international form (`+61412345678`). */
  to: string;
  body: string;
}

/** Where text messages go out. A failure is a `DeliveryFailure` (see `mailer.ts`), as for email. */
export abstract class SmsSender {
  /** False when no SMS provider delivers: messages are then recorded as `logged`, not sent. */
  abstract readonly delivers: boolean;
  /** Hands the message to the provider; throws a `DeliveryFailure` when it is not taken. */
  abstract send(sms: OutgoingSms): Promise<void>;
}
