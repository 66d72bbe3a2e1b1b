import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { OrganisationsModule } from '@app/organisations';
import { ChangeClient } from './application/change-client.use-case.js';
import { ChangeMember } from './application/change-member.use-case.js';
import { ClientQueries } from './application/client.queries.js';
import { CreateClient } from './application/create-client.use-case.js';
import { FindOrAddClient } from './application/find-or-add-client.use-case.js';
import { MemberQueries } from './application/member.queries.js';
import { RegisterMember } from './application/register-member.use-case.js';
import { ClientRepository } from './domain/client.repository.js';
import { MemberRepository } from './domain/member.repository.js';
import { ClientsController } from './http/clients.controller.js';
import { MembersController } from './http/members.controller.js';
import { renderMembershipEvents } from './http/event-renderers.js';
import { eventData } from '@app/shared';
import { ClientSchema, MemberSchema } from './infrastructure/persistence/membership.schemas.js';
import { MikroOrmClientRepository } from './infrastructure/persistence/mikro-orm-client.repository.js';
import { MikroOrmMemberRepository } from './infrastructure/persistence/mikro-orm-member.repository.js';
import { SqlClientQueries } from './infrastructure/persistence/sql-client.queries.js';
import { SqlMemberQueries } from './infrastructure/persistence/sql-member.queries.js';

export const membershipSchemas = [MemberSchema, ClientSchema];

@Module({
  imports: [MikroOrmModule.forFeature(membershipSchemas), OrganisationsModule],
  controllers: [MembersController, ClientsController],
  providers: [
    eventData(renderMembershipEvents),
    { provide: MemberRepository, useClass: MikroOrmMemberRepository },
    { provide: ClientRepository, useClass: MikroOrmClientRepository },
    RegisterMember,
    ChangeMember,
    CreateClient,
    ChangeClient,
    FindOrAddClient,
    { provide: MemberQueries, useClass: SqlMemberQueries },
    { provide: ClientQueries, useClass: SqlClientQueries },
  ],
  exports: [ClientQueries, MemberQueries, FindOrAddClient],
})
export class MembershipModule {}
