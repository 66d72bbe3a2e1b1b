import { describe, expect, it } from '@jest/globals';
import { Clock, DomainError, RecordedEvents } from '@app/shared/domain';
import type { Member } from '../domain/member.js';
import { EmailTakenError, MemberRepository } from '../domain/member.repository.js';
import { RegisterMember } from './register-member.use-case.js';
import { renderMembershipEvents } from '../http/event-renderers.js';

const NOW = new Date('2026-11-22T05:28:59.000Z');

class FixedClock extends Clock {
  now(): Date {
    return NOW;
  }
}

/** Behaves like the unique index on lower(email). */
class InMemoryMembers extends MemberRepository {
  readonly byEmail = new Map<string, Member>();

  async add(member: Member): Promise<void> {
    if (this.byEmail.has(member.email.toLowerCase())) throw new EmailTakenError();
    this.byEmail.set(member.email.toLowerCase(), member);
  }

  async findForChange(): Promise<Member | null> {
    return null;
  }

  async save(): Promise<void> {}
}

describe('RegisterMember', () => {
  const alex = { firstName: 'Alex', lastName: 'Chen', email: 'alex@example.com' };
  const registration = { createdByOrganisationId: 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L', device: { platform: 'web' } };

  it('stores the new member with its registration', async () => {
    const members = new InMemoryMembers();
    const member = await new RegisterMember(
      members,
      new FixedClock(),
      new RecordedEvents(renderMembershipEvents),
    ).execute(alex, registration);
    expect(members.byEmail.get('alex@example.com')).toBe(member);
    expect(member).toMatchObject({ createdByOrganisationId: registration.createdByOrganisationId, createdAt: NOW });
    expect(member.activity).toEqual([
      expect.objectContaining({ platform: 'web', applicationVersion: null, userAgent: null }),
    ]);
  });

  it('answers member_exists when the email is taken in any case', async () => {
    const members = new InMemoryMembers();
    const register = new RegisterMember(members, new FixedClock(), new RecordedEvents(renderMembershipEvents));
    await register.execute(alex, registration);
    const error = await register
      .execute({ ...alex, email: 'ALEX@Example.com' }, registration)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'conflict', code: 'member_exists' });
  });

  it('stores nothing when the input breaks a rule', async () => {
    const members = new InMemoryMembers();
    await expect(
      new RegisterMember(members, new FixedClock(), new RecordedEvents(renderMembershipEvents)).execute(
        { ...alex, metadata: { nested: {} } },
        registration,
      ),
    ).rejects.toMatchObject({
      kind: 'validation',
    });
    expect(members.byEmail.size).toBe(0);
  });
});
