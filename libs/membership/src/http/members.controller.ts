import { Body, Controller, Get, HttpStatus, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors, ApiKeyed, ApiOk, type Caller, CurrentCaller, PlatformOnly, PrefixedIdParam } from '@app/shared';
import { MemberQueries } from '../application/member.queries.js';
import { RegisterMember } from '../application/register-member.use-case.js';
import type { DeviceHeaders } from '../domain/activity-record.js';
import { CreateMemberRequest } from './dto/create-member.request.js';
import { MemberResponse } from './dto/member.response.js';
import { ApiDeviceHeaders, RequestDevice } from './request-device.decorator.js';

@ApiTags('members')
@ApiKeyed()
@Controller('v1/members')
export class MembersController {
  constructor(
    private readonly registerMember: RegisterMember,
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
  @ApiCreatedResponse({ type: MemberResponse, headers: { Location: { description: 'URL of the new member', schema: { type: 'string' } } } })
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
  @ApiOperation({ summary: 'Get a member', description: 'An organisation key sees the members it created and those linked to one of its clients.' })
  @ApiOk(MemberResponse)
  @ApiErrors(HttpStatus.NOT_FOUND)
  async get(@PrefixedIdParam('memberId', 'memb', 'Member') memberId: string, @CurrentCaller() caller: Caller): Promise<MemberResponse> {
    return MemberResponse.from(await this.queries.get(caller, memberId));
  }
}
