export interface Attachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: Attachment[];
}

/** Why an email was not taken, in words safe to store and show (never a credential). */
export class DeliveryFailure extends Error {
  override name = 'DeliveryFailure';

  constructor(
    message: string,
    /** The mail server refused it for good (a 5xx answer): trying again would not help. */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Where emails go out. */
export abstract class Mailer {
  /** False when no mail server is configured: messages are then recorded as `logged`, not sent. */
  abstract readonly delivers: boolean;
  /** Hands the email to the mail server; throws a `DeliveryFailure` when it is not taken. */
  abstract send(email: OutgoingEmail): Promise<void>;
}

/** Files a message carries, made when it is sent: a receipt's invoice PDF. */
export abstract class MessageAttachments {
  abstract of(message: {
    organisationId: string;
    type: string;
    bookingId: string;
    occurrence: string;
  }): Promise<Attachment[]>;
}
