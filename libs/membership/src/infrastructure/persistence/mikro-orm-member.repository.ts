import { EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Member } from '../../domain/member.js';
import { EmailTakenError, MemberRepository } from '../../domain/member.repository.js';

const EMAIL_INDEX = 'members_email_unique';

@Injectable()
export class MikroOrmMemberRepository extends MemberRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  add(member: Member): Promise<void> {
    return this.flushing(member);
  }

  findForChange(memberId: string): Promise<Member | null> {
    return this.em.findOne(Member, { id: memberId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  save(member: Member): Promise<void> {
    return this.flushing(member);
  }

  private async flushing(member: Member): Promise<void> {
    try {
      await this.em.persist(member).flush();
    } catch (error) {
      // The failed write stays in the unit of work; drop it so nothing later retries it.
      this.em.clear();
      if (error instanceof UniqueConstraintViolationException && error.message.includes(EMAIL_INDEX))
        throw new EmailTakenError();
      throw error;
    }
  }
}
