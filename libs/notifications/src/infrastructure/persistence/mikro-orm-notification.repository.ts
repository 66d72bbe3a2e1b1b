import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { transactionConnection } from '@app/shared';
import { Notification } from '../../domain/notification.js';
import { NotificationRepository } from '../../domain/notification.repository.js';

@Injectable()
export class MikroOrmNotificationRepository extends NotificationRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  /** Plain SQL, so a message the booking already has is skipped by its unique key, not by an error that would end the transaction. */
  async addIfNew(notification: Notification): Promise<boolean> {
    const connection = transactionConnection(this.em);
    if (!connection)
      throw new Error(
        'Notifications are added inside a transaction (DomainEvents.transaction), with the jobs that send them.',
      );
    const { rows } = await connection.executeSql(
      `insert into notifications (id, organisation_id, type, channel, recipient, subject, text_body, html_body, status, booking_id, client_id,
                                  occurrence, error, created_at, updated_at, sent_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       on conflict (booking_id, type, channel, occurrence) do nothing
       returning id`,
      [
        notification.id,
        notification.organisationId,
        notification.type,
        notification.channel,
        notification.to,
        notification.subject,
        notification.text,
        notification.html,
        notification.status,
        notification.bookingId,
        notification.clientId,
        notification.occurrence,
        notification.error,
        notification.createdAt,
        notification.updatedAt,
        notification.sentAt,
      ],
    );
    return rows.length === 1;
  }

  lock(organisationId: string, id: string): Promise<Notification | null> {
    return this.em.findOne(Notification, { id, organisationId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  async save(notification: Notification): Promise<void> {
    await this.em.persist(notification).flush();
  }
}
