import { Body, Controller, Delete, Get, HttpStatus, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ApiErrors,
  ApiKeyed,
  ApiOk,
  ApiPagedResponse,
  Conditional,
  ETagged,
  IfMatch,
  includesArchived,
  OrganisationIdParam,
  UuidParam,
} from '@app/shared';
import type { Page } from '@app/shared/domain';
import { ChangeReferral } from '../application/change-referral.use-case.js';
import { CreateReferral } from '../application/create-referral.use-case.js';
import { ReferralQueries } from '../application/referral.queries.js';
import { CreateReferralRequest } from './dto/create-referral.request.js';
import { ListReferralsQuery } from './dto/list-referrals.query.js';
import { ReferralResponse } from './dto/referral.response.js';
import { UpdateReferralRequest } from './dto/update-referral.request.js';

const ClientId = () => UuidParam('clientId', 'Client');
const ReferralId = () => UuidParam('referralId', 'Referral');

/** What a referral is for, as the create says it (the claims it allows: the check-out's `medicareClaim.referralId`). */
const CREATE_DESCRIPTION = [
  'A referral the client brought, as the referring practitioner wrote it. Medicare pays an allied health item (MBS 10950 to 10970) only under one:',
  'a check-out claiming such an item from Medicare names it in `medicareClaim.referralId`.',
  "Left out, `expiresOn` is none for a GP's chronic disease management plan and 12 months after `issuedOn` otherwise,",
  'and `sessionsReferred` is 5 for a GP plan and no limit otherwise.',
  'A provider number that is not a valid Medicare one is 400 `invalid_provider_number`, an `expiresOn` before `issuedOn` 400 `before_issued_on`.',
  'An archived client takes no new referral (409 `client_deleted`). Records `referral.created`.',
].join(' ');

@ApiTags('referrals')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/clients/:clientId/referrals')
export class ReferralsController {
  constructor(
    private readonly createReferral: CreateReferral,
    private readonly changeReferral: ChangeReferral,
    private readonly referrals: ReferralQueries,
  ) {}

  @Get()
  @ApiOperation({
    summary: "List a client's referrals",
    description:
      'Newest first (`createdAt desc, id desc`). Archived referrals are left out unless `includeDeleted=true`. ' +
      'With `updatedSince`: those changed since, archived ones included, ordered `updatedAt, id`; a claim made or voided under a referral changes it (its `sessionsUsed`).',
  })
  @ApiPagedResponse(ReferralResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(
    @OrganisationIdParam() organisationId: string,
    @ClientId() clientId: string,
    @Query() query: ListReferralsQuery,
  ): Promise<Page<ReferralResponse>> {
    const page = await this.referrals.list(organisationId, clientId, query, {
      includeDeleted: includesArchived(query),
    });
    return { ...page, items: page.items.map((referral) => ReferralResponse.from(referral)) };
  }

  @Post()
  @ApiOperation({ summary: 'Record a referral', description: CREATE_DESCRIPTION })
  @ApiCreatedResponse({
    type: ReferralResponse,
    headers: { Location: { description: 'URL of the new referral', schema: { type: 'string' } } },
  })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async create(
    @OrganisationIdParam() organisationId: string,
    @ClientId() clientId: string,
    @Body() body: CreateReferralRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ReferralResponse> {
    const view = await this.createReferral.execute(organisationId, clientId, body);
    response.location(`/v1/organisations/${organisationId}/clients/${clientId}/referrals/${view.referral.id}`);
    return ReferralResponse.from(view);
  }

  @Get(':referralId')
  @ApiOperation({
    summary: 'Get a referral',
    description:
      'Archived referrals are still returned, with `deleted: true`. `sessionsUsed` counts the referred items of the Medicare claims made under it and not voided. ' +
      'The `ETag` names this version of the referral.',
  })
  @ApiOk(ReferralResponse)
  @ETagged()
  @ApiErrors(HttpStatus.NOT_FOUND)
  async get(
    @OrganisationIdParam() organisationId: string,
    @ClientId() clientId: string,
    @ReferralId() referralId: string,
  ): Promise<ReferralResponse> {
    return ReferralResponse.from(await this.referrals.get(organisationId, clientId, referralId));
  }

  @Patch(':referralId')
  @ApiOperation({
    summary: 'Update a referral',
    description:
      'Changes only the fields sent, checked as on create; `null` clears `expiresOn` or `sessionsReferred`; `{}` changes nothing. No default is filled in again. ' +
      'Claims already made under it keep it. With `If-Match`, changes only the version named (412 otherwise). Records `referral.updated` when something changed.',
  })
  @ApiBody({ type: UpdateReferralRequest, required: true })
  @ApiOk(ReferralResponse)
  @Conditional()
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async update(
    @OrganisationIdParam() organisationId: string,
    @ClientId() clientId: string,
    @ReferralId() referralId: string,
    @Body() body: UpdateReferralRequest,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<ReferralResponse> {
    return ReferralResponse.from(await this.changeReferral.update(organisationId, clientId, referralId, body, ifMatch));
  }

  @Delete(':referralId')
  @ApiOperation({
    summary: 'Archive a referral',
    description:
      'Marks the referral `deleted`: it stays readable, leaves the list (unless `includeDeleted=true`), and no new claim is made under it ' +
      "(a check-out naming it is 400); claims already made under it keep it, and still count towards the client's 5 referred services a calendar year. " +
      'Archiving again changes nothing. Records `referral.deleted`.',
  })
  @ApiOk(ReferralResponse)
  @Conditional()
  @ApiErrors(HttpStatus.NOT_FOUND)
  async archive(
    @OrganisationIdParam() organisationId: string,
    @ClientId() clientId: string,
    @ReferralId() referralId: string,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<ReferralResponse> {
    return ReferralResponse.from(await this.changeReferral.archive(organisationId, clientId, referralId, ifMatch));
  }
}
