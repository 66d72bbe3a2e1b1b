import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { DomainError, RecordedEvents } from '@app/shared/domain';
import { withSlowStatements } from '../../../../../test/support/fixtures.js';
import { codeOf, FixedClock, fresh, openTestOrm, Rows, settle } from '../../../../../test/support/orm.js';
import { RegisterMember } from '../../application/register-member.use-case.js';
import { Member } from '../../domain/member.js';
import { EmailTakenError } from '../../domain/member.repository.js';
import { MikroOrmMemberRepository } from './mikro-orm-member.repository.js';
import { renderMembershipEvents } from '../../http/event-renderers.js';

const NOW = new Date('2026-11-22T05:28:59.123Z');
const DEVICE = { applicationVersion: '4.2.0', platform: 'ios', userAgent: 'HealthApp/4.2.0' };
const uniqueEmail = (name: string) => `${name}.${randomUUID()}@example.com.au`;

describe('MikroOrmMemberRepository on PostgreSQL', () => {
  let orm: MikroORM;
  let organisationId: string;

  beforeAll(async () => {
    orm = await openTestOrm();
    organisationId = await new Rows(orm).organisation();
  });
  afterAll(() => orm?.close());

  const register = (email: string, props: Partial<Parameters<typeof Member.register>[0]> = {}) =>
    Member.register(
      { firstName: 'Mia', lastName: 'Nguyen', email, ...props },
      { createdByOrganisationId: organisationId, device: DEVICE },
      NOW,
    );

  it('loads, in a fresh unit of work, the member it added: JSON columns, date of birth, nullables and the time', async () => {
    const member = register(uniqueEmail('mia'), {
      mobileNumber: '0412 345 678',
      dateOfBirth: '1988-02-29',
      metadata: { plan: 'gold', visits: 12, vip: true, referrer: null },
    });
    await new MikroOrmMemberRepository(fresh(orm)).add(member);

    const loaded = await fresh(orm).findOneOrFail(Member, { id: member.id });
    expect(loaded).toEqual(member);
    expect(loaded).toBeInstanceOf(Member);
    expect(loaded.createdAt.toISOString()).toBe('2026-11-22T05:28:59.123Z');
    expect(loaded.dateOfBirth).toBe('1988-02-29');
    expect(loaded.activity).toEqual([
      {
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
        applicationVersion: '4.2.0',
        platform: 'ios',
        userAgent: 'HealthApp/4.2.0',
      },
    ]);
  });

  it('keeps absent optional fields as null, and a platform-created member without an organisation', async () => {
    const member = Member.register(
      { firstName: 'Noah', lastName: 'Kelly', email: uniqueEmail('noah') },
      { createdByOrganisationId: null, device: {} },
      NOW,
    );
    await new MikroOrmMemberRepository(fresh(orm)).add(member);

    const loaded = await fresh(orm).findOneOrFail(Member, { id: member.id });
    expect(loaded).toEqual(member);
    expect([loaded.mobileNumber, loaded.dateOfBirth, loaded.profileImageUrl, loaded.createdByOrganisationId]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(loaded.metadata).toEqual({});
  });

  it('refuses an email another member has in other letter case with EmailTakenError, and keeps only the first', async () => {
    const email = uniqueEmail('Jack.Taylor');
    const first = register(email);
    await new MikroOrmMemberRepository(fresh(orm)).add(first);

    await expect(new MikroOrmMemberRepository(fresh(orm)).add(register(email.toUpperCase()))).rejects.toBeInstanceOf(
      EmailTakenError,
    );
    const rows = await fresh(orm).find(Member, { email: { $ilike: email } });
    expect(rows.map((row) => row.id)).toEqual([first.id]);
  });

  it('leaves its unit of work usable after a refused email: the next add does not retry the refused member', async () => {
    const taken = uniqueEmail('taken');
    await new MikroOrmMemberRepository(fresh(orm)).add(register(taken));
    const em = fresh(orm);
    const repository = new MikroOrmMemberRepository(em);

    await expect(repository.add(register(taken.toUpperCase()))).rejects.toBeInstanceOf(EmailTakenError);
    const next = register(uniqueEmail('next'));
    await repository.add(next);
    expect(await fresh(orm).count(Member, { id: next.id })).toBe(1);
  });

  it('settles concurrent sign-ups with one email in different cases: one member, the others member_exists', async () => {
    const email = uniqueEmail('Olivia.Brown');
    const variants = [
      email,
      email.toUpperCase(),
      email.toLowerCase(),
      `Olivia.BROWN${email.slice('Olivia.Brown'.length)}`,
    ];
    const clock = new FixedClock(NOW);
    // Commits wait, so every insert reaches PostgreSQL before any sign-up has committed.
    const { fulfilled, rejected } = await withSlowStatements(/^\s*commit/i, 150, () =>
      settle(
        variants.map((variant, index) =>
          new RegisterMember(
            new MikroOrmMemberRepository(fresh(orm)),
            clock,
            new RecordedEvents(renderMembershipEvents),
          ).execute(
            { firstName: 'Olivia', lastName: `Racer ${index}`, email: variant },
            { createdByOrganisationId: organisationId, device: DEVICE },
          ),
        ),
      ),
    );

    expect({ created: fulfilled.length, refused: rejected.map(codeOf) }).toEqual({
      created: 1,
      refused: ['member_exists', 'member_exists', 'member_exists'],
    });
    expect(rejected.every((error) => error instanceof DomainError && error.kind === 'conflict')).toBe(true);
    const stored = await fresh(orm).find(Member, { email: { $ilike: email } });
    expect(stored.map((member) => member.id)).toEqual([fulfilled[0].id]);
  });
});
