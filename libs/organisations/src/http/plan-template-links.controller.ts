import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ApiErrors,
  ApiKeyed,
  ApiOk,
  UuidParam,
  ApiPagedResponse,
  PageQuery,
  OrganisationIdParam,
  ETagged,
  IfMatch,
} from '@app/shared';
import type { Page } from '@app/shared/domain';
import { CreatePlanTemplateLink } from '../application/create-plan-template-link.use-case.js';
import { DirectoryQueries } from '../application/directory.queries.js';
import { RemovePlanTemplateLink } from '../application/remove-plan-template-link.use-case.js';
import { CreatePlanTemplateLinkRequest } from './dto/create-plan-template-link.request.js';
import { PlanTemplateLinkResponse } from './dto/plan-template-link.response.js';

@ApiTags('plan template links')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/plans/templates/links')
export class PlanTemplateLinksController {
  constructor(
    private readonly createLink: CreatePlanTemplateLink,
    private readonly removeLink: RemovePlanTemplateLink,
    private readonly queries: DirectoryQueries,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create a plan template link',
    description: 'The business must belong to the organisation. The server builds `url`.',
  })
  @ApiCreatedResponse({ type: PlanTemplateLinkResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async create(
    @OrganisationIdParam() organisationId: string,
    @Body() body: CreatePlanTemplateLinkRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PlanTemplateLinkResponse> {
    const link = await this.createLink.execute(organisationId, body);
    response.location(`/v1/organisations/${organisationId}/plans/templates/links/${link.id}`);
    return PlanTemplateLinkResponse.from(link);
  }

  @Get()
  @ApiOperation({
    summary: 'List plan template links',
    description:
      'Newest first. A link never changes once made: `updatedSince` lists the links made since then, oldest first. ' +
      'A removed link leaves the list and leaves nothing behind, so a sync client re-reads the whole (short) list to learn of removals.',
  })
  @ApiPagedResponse(PlanTemplateLinkResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(
    @OrganisationIdParam() organisationId: string,
    @Query() query: PageQuery,
  ): Promise<Page<PlanTemplateLinkResponse>> {
    const page = await this.queries.listPlanTemplateLinks(organisationId, query);
    return { ...page, items: page.items.map((link) => PlanTemplateLinkResponse.from(link)) };
  }

  @Get(':linkId')
  @ApiOperation({
    summary: 'Get a plan template link',
    description:
      'One link of the organisation, with the `url` a client opens. The `ETag` names it; a link never changes, so neither does its ETag.',
  })
  @ApiOk(PlanTemplateLinkResponse)
  @ApiErrors(HttpStatus.NOT_FOUND)
  @ETagged()
  async get(
    @OrganisationIdParam() organisationId: string,
    @UuidParam('linkId', 'Plan template link') id: string,
  ): Promise<PlanTemplateLinkResponse> {
    return PlanTemplateLinkResponse.from(await this.queries.getPlanTemplateLink(organisationId, id));
  }

  @Delete(':linkId')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Remove a plan template link',
    description:
      'The link is gone for good: GET and a second DELETE answer 404, and lists leave it out. With `If-Match`, only if it names this link (412 otherwise).',
  })
  @ApiHeader({ name: 'If-Match', required: false, description: "The `ETag` the link's GET answered." })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiErrors(HttpStatus.NOT_FOUND, HttpStatus.PRECONDITION_FAILED)
  async remove(
    @OrganisationIdParam() organisationId: string,
    @UuidParam('linkId', 'Plan template link') id: string,
    @IfMatch() ifMatch: string | undefined,
  ): Promise<void> {
    await this.removeLink.execute(organisationId, id, ifMatch);
  }
}
