import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Referral } from '../../domain/referral.js';
import { ReferralRepository, type SessionsTaken } from '../../domain/referral.repository.js';
import { referredSessions } from './referred-sessions.js';

// `refresh`: what was read before the lock may be stale; the locked read is what the change works on.
const LOCKED = { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } as const;

@Injectable()
export class MikroOrmReferralRepository extends ReferralRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async save(referral: Referral): Promise<void> {
    await this.em.persist(referral).flush();
  }

  lock(organisationId: string, clientId: string, referralId: string): Promise<Referral | null> {
    return this.em.findOne(Referral, { id: referralId, clientId, organisationId }, LOCKED);
  }

  lockAllOfClient(organisationId: string, clientId: string): Promise<Referral[]> {
    // In id order, so that two claims for the client queue rather than deadlock.
    return this.em.find(Referral, { organisationId, clientId }, { ...LOCKED, orderBy: { id: 'asc' } });
  }

  async sessionsChanged(organisationId: string, referralId: string, now: Date): Promise<void> {
    await this.em.execute(
      `update referrals r set updated_at = greatest(?::timestamptz, r.updated_at + interval '1 millisecond')
       where r.organisation_id = ? and r.id = ?`,
      [now, organisationId, referralId],
    );
  }

  async sessionsTaken(
    organisationId: string,
    clientId: string,
    referralId: string,
    year: { from: Date; to: Date },
  ): Promise<SessionsTaken> {
    // A statement of its own, after the lock: it sees what the claims it waited for committed.
    const [row] = await this.em.execute<{ of_referral: number; in_year: number }[]>(
      `select ${referredSessions('medicare_claims m', 'm.organisation_id = ? and m.referral_id = ?')} as of_referral,
              ${referredSessions(
                'transactions t join medicare_claims m on m.transaction_id = t.id',
                't.organisation_id = ? and t.client_id = ? and m.service_date >= ? and m.service_date < ?',
              )} as in_year`,
      [organisationId, referralId, organisationId, clientId, year.from, year.to],
    );
    return { ofReferral: row.of_referral, inYear: row.in_year };
  }
}
