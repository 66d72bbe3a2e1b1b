import { Injectable } from '@nestjs/common';
import { type Attachment, MessageAttachments } from '../../domain/mailer.js';

/** Until a context binds `MessageAttachments` (a receipt's invoice PDF), messages carry none. */
@Injectable()
export class NoAttachments extends MessageAttachments {
  of(): Promise<Attachment[]> {
    return Promise.resolve([]);
  }
}
