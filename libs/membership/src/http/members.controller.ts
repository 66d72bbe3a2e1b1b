import { Body, Controller, Get, HttpStatus, Patch, Post, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ApiErrors,
  ApiKeyed,
  ApiOk,
  type Caller,
  Conditional,
  CurrentCaller,
  ETagged,
  IfMatch,
  PlatformOnly,
  PrefixedIdParam,
} from '@app/shared';
import { ChangeMember } from '../application/change-member.use-case.js';
import { MemberQueries } from '../application/member.queries.js';
import { RegisterMember } from '../application/register-member.use-case.js';
import type { DeviceHeaders } from '../domain/activity-record.js';
import { CreateMemberRequest } from './dto/create-member.request.js';
import { MemberResponse } from './dto/member.response.js';
import { UpdateMemberRequest } from './dto/update-member.request.js';
import { ApiDeviceHeaders, RequestDevice } from './request-device.decorator.js';

const MemberId = () => PrefixedIdParam('memberId', 'memb', 'Member');

@ApiTags('members')
@ApiKeyed()
@Controller('v1/members')
export class MembersController {
  constructor(
    private readonly registerMember: RegisterMember,
    private readonly changeMember: ChangeMember,
    private readonly queries: MemberQueries,
  ) {}

  // Platform keys only: email is unique across every organisation, so an organisation key's 409
  // `member_exists` would tell it that another clinic's patient has an account.
  @Post()
  @PlatformOnly()
  @ApiOperation({
    summary: 'Create new member',
    description:
      'Platform keys only (an organisation key gets 403): `email` is unique ignoring case across the whole platform (409 `member_exists`), so only the platform may learn whether an email has an account. ' +
      'An organisation links a member to its clients with `memberId`. New members start unverified with the role `member`, and one activity record from the `User-Agent`, `X-Platform` and `X-Application-Version` headers.',
  })
  @ApiDeviceHeaders()
  @ApiCreatedResponse({
    type: MemberResponse,
    headers: { Location: { description: 'URL of the new member', schema: { type: 'string' } } },
  })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.FORBIDDEN, HttpStatus.CONFLICT, HttpStatus.UNPROCESSABLE_ENTITY)
  async create(
    @Body() body: CreateMemberRequest,
    @CurrentCaller() caller: Caller,
    @RequestDevice() device: DeviceHeaders,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MemberResponse> {
    const member = await this.registerMember.execute(body, { createdByOrganisationId: caller.organisationId, device });
    response.location(`/v1/members/${member.id}`);
    return MemberResponse.from(member);
  }

  @Get(':memberId')
  @ApiOperation({
    summary: 'Get a member',
    description:
      'An organisation key sees the members it created and those linked to one of its clients. The `ETag` names this version of the member.',
  })
  @ApiOk(MemberResponse)
  @ETagged()
  @ApiErrors(HttpStatus.NOT_FOUND)
  async get(@MemberId() memberId: string, @CurrentCaller() caller: Caller): Promise<MemberResponse> {
    return MemberResponse.from(await this.queries.get(caller, memberId));
  }

  // Platform keys only, as for create: a 409 `member_exists` would tell an organisation that an
  // email has an account, and a member belongs to the patient across every organisation.
  @Patch(':memberId')
  @PlatformOnly()
  @ApiOperation({
    summary: 'Update a member',
    description:
      'Platform keys only (an organisation key gets 403). Changes only the fields sent, checked as on create; `null` clears a field that may be empty; ' +
      '`{}` changes nothing. A new `email` (unique ignoring case: 409 `member_exists`) makes `emailVerified` false, a new `mobileNumber` ' +
      '`mobileNumberVerified`. `metadata` replaces the whole object; `settings` changes only the settings sent. With `If-Match`, changes only the ' +
      'version named (412 otherwise). Records `member.updated` for each organisation that sees the member.',
  })
  @ApiBody({ type: UpdateMemberRequest, required: true })
  @ApiOk(MemberResponse)
  @Conditional()
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async update(
    @MemberId() memberId: string,
    @Body() body: UpdateMemberRequest,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<MemberResponse> {
    return MemberResponse.from(await this.changeMember.execute(memberId, body, ifMatch));
  }
}
