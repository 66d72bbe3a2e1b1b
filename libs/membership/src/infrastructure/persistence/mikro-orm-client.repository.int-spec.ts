import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ForeignKeyConstraintViolationException, type MikroORM } from '@mikro-orm/postgresql';
import { fresh, openTestOrm, Rows } from '../../../../../test/support/orm.js';
import { Client } from '../../domain/client.js';
import { Member } from '../../domain/member.js';
import { MikroOrmClientRepository } from './mikro-orm-client.repository.js';
import { MikroOrmMemberRepository } from './mikro-orm-member.repository.js';

const NOW = new Date('2026-11-22T05:28:59.123Z');

describe('MikroOrmClientRepository on PostgreSQL', () => {
  let orm: MikroORM;
  let organisationId: string;

  beforeAll(async () => {
    orm = await openTestOrm();
    organisationId = await new Rows(orm).organisation();
  });
  afterAll(() => orm?.close());

  it('loads, in a fresh unit of work, a client linked to a member with every optional field', async () => {
    const member = Member.register(
      { firstName: 'Sam', lastName: 'Lee', email: `sam.${randomUUID()}@example.com.au` },
      { createdByOrganisationId: organisationId, device: {} },
      NOW,
    );
    await new MikroOrmMemberRepository(fresh(orm)).add(member);
    const client = Client.create(
      organisationId,
      {
        firstName: ' Sam ',
        lastName: 'Lee',
        email: 'sam@example.com.au',
        mobileNumber: '+61 412 345 678',
        dateOfBirth: '1990-01-31',
        memberId: member.id,
        pmsPatientId: 'PMS-4471',
        pmsCreatedAt: '2024-03-14T09:30:00.250+10:00',
        profileImageUrl: 'https://cdn.example.com/sam.png',
      },
      NOW,
    );
    await new MikroOrmClientRepository(fresh(orm)).add(client);

    const loaded = await fresh(orm).findOneOrFail(Client, { id: client.id });
    expect(loaded).toEqual(client);
    expect(loaded.pmsCreatedAt?.toISOString()).toBe('2024-03-13T23:30:00.250Z');
    expect(loaded.dateOfBirth).toBe('1990-01-31');
    expect(loaded.mobileNumber).toBe('+61412345678');
  });

  it('keeps absent optional fields as null', async () => {
    const client = Client.create(organisationId, { firstName: 'Ari', lastName: 'Shah' }, NOW);
    await new MikroOrmClientRepository(fresh(orm)).add(client);

    const loaded = await fresh(orm).findOneOrFail(Client, { id: client.id });
    expect(loaded).toEqual(client);
    expect([
      loaded.memberId,
      loaded.email,
      loaded.mobileNumber,
      loaded.dateOfBirth,
      loaded.pmsPatientId,
      loaded.pmsCreatedAt,
      loaded.deleted,
    ]).toEqual([null, null, null, null, null, null, false]);
  });

  it('refuses a client that names no member, and stores nothing', async () => {
    const client = Client.create(
      organisationId,
      { firstName: 'Ghost', lastName: 'Link', memberId: 'memb_000000000000000000000000000' },
      NOW,
    );
    await expect(new MikroOrmClientRepository(fresh(orm)).add(client)).rejects.toBeInstanceOf(
      ForeignKeyConstraintViolationException,
    );
    expect(await fresh(orm).count(Client, { id: client.id })).toBe(0);
  });
});
