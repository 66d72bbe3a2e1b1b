import { Body, Controller, Get, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiExtraModels, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  ApiErrors,
  ApiKeyed,
  ApiOk,
  ApiPagedResponse,
  ETagged,
  OrganisationIdParam,
  PageQuery,
  UuidParam,
} from '@app/shared';
import type { Page } from '@app/shared/domain';
import { AddWalletCard, type AddWalletCardCommand } from '../application/add-wallet-card.use-case.js';
import { WalletCardQueries } from '../application/wallet-card.queries.js';
import {
  CreateWalletCardRequest,
  HealthFundCardRequest,
  MedicareCardRequest,
  PaymentMethodCardRequest,
} from './dto/create-wallet-card.request.js';
import { WalletCardCreatedResponse, WalletCardResponse } from './dto/wallet-card.response.js';

const ClientId = () => UuidParam('clientId', 'Client');

@ApiTags('wallet')
@ApiKeyed()
@Controller('v1/organisations/:organisationId/clients/:clientId/wallet/cards')
export class WalletController {
  constructor(
    private readonly addWalletCard: AddWalletCard,
    private readonly queries: WalletCardQueries,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create wallet card',
    description:
      '`type` picks the one nested object that must be present. Full card and member numbers are encrypted at rest and never returned; the same card twice in one wallet is a 409 `card_exists` naming the card already held. An archived client takes no new card (409 `client_deleted`).',
  })
  @ApiExtraModels(PaymentMethodCardRequest, HealthFundCardRequest, MedicareCardRequest)
  @ApiBody({
    schema: {
      oneOf: [
        { $ref: getSchemaPath(PaymentMethodCardRequest) },
        { $ref: getSchemaPath(HealthFundCardRequest) },
        { $ref: getSchemaPath(MedicareCardRequest) },
      ],
      discriminator: {
        propertyName: 'type',
        mapping: {
          payment_method: getSchemaPath(PaymentMethodCardRequest),
          health_fund_card: getSchemaPath(HealthFundCardRequest),
          medicare_card: getSchemaPath(MedicareCardRequest),
        },
      },
    },
    examples: {
      payment_method: {
        summary: 'A card from the payment processor',
        value: {
          type: 'payment_method',
          paymentMethod: { paymentMethodId: 'pm_card_visa', customerId: 'cus_R3x9Kq2LmN7vPw' },
        },
      },
      health_fund_card: {
        summary: 'A private health insurance card',
        value: {
          type: 'health_fund_card',
          healthFundCard: {
            memberNumber: '40012345',
            healthFundId: '0193a6f2-0001-7000-8000-000000000002',
            issueNumber: '01',
            defaultReferenceNumber: '02',
            issueDate: '2025-07-01',
            cardholders: ['Alex Chen'],
          },
        },
      },
      medicare_card: {
        summary: 'A Medicare card',
        value: {
          type: 'medicare_card',
          medicareCard: {
            memberNumber: '2123456701',
            referenceNumber: '1',
            firstName: 'Alex',
            lastName: 'Chen',
            dateOfBirth: '1988-04-12',
            secondInitial: 'J',
            sex: 'F',
          },
        },
      },
    },
  })
  @ApiCreatedResponse({ type: WalletCardCreatedResponse })
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.PAYMENT_REQUIRED, HttpStatus.NOT_FOUND, HttpStatus.CONFLICT)
  async create(
    @OrganisationIdParam() organisationId: string,
    @ClientId() clientId: string,
    @Body() body: CreateWalletCardRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<WalletCardCreatedResponse> {
    const card = await this.addWalletCard.execute(organisationId, clientId, body as AddWalletCardCommand);
    response.location(`/v1/organisations/${organisationId}/clients/${clientId}/wallet/cards/${card.id}`);
    return WalletCardCreatedResponse.from(card);
  }

  @Get()
  @ApiOperation({
    summary: 'List wallet cards',
    description: "The client's cards (an archived client's too), newest first. Full numbers are never included.",
  })
  @ApiPagedResponse(WalletCardResponse)
  @ApiErrors(HttpStatus.BAD_REQUEST, HttpStatus.NOT_FOUND)
  async list(
    @OrganisationIdParam() organisationId: string,
    @ClientId() clientId: string,
    @Query() query: PageQuery,
  ): Promise<Page<WalletCardResponse>> {
    const page = await this.queries.list(organisationId, clientId, query);
    return { ...page, items: page.items.map((card) => WalletCardResponse.from(card)) };
  }

  @Get(':cardId')
  @ApiOperation({
    summary: 'Get a wallet card',
    description:
      'A payment method, health fund card or Medicare card of the client; only the last 4 digits of a number. `ETag` names its version.',
  })
  @ApiOk(WalletCardResponse)
  @ETagged()
  @ApiErrors(HttpStatus.NOT_FOUND)
  async get(
    @OrganisationIdParam() organisationId: string,
    @ClientId() clientId: string,
    @UuidParam('cardId', 'Wallet card') cardId: string,
  ): Promise<WalletCardResponse> {
    return WalletCardResponse.from(await this.queries.get(organisationId, clientId, cardId));
  }
}
