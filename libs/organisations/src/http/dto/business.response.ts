import { ApiProperty } from '@nestjs/swagger';
import type { Business } from '../../domain/business.js';

export const CAPABILITIES_EXAMPLE = [
  { type: 'card_payments', enabled: true },
  { type: 'health_fund_claims', enabled: true },
  { type: 'medicare_claims', enabled: false },
];

export class BusinessSettingsResponse {
  @ApiProperty({ example: true }) autoReconciliationEnabled: boolean;
  @ApiProperty({ example: false }) autoInviteClientsEnabled: boolean;
}

export class BusinessResponse {
  @ApiProperty({ example: '0193a6f2-7c1e-7d4b-9a53-2f0e8c1d4b6a' }) id: string;
  @ApiProperty({ example: 'Harbour Physio Pty Ltd' }) name: string;
  @ApiProperty({ type: BusinessSettingsResponse }) settings: BusinessSettingsResponse;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-23T01:02:03.000Z',
    format: 'date-time',
    description: 'When it last changed; equal to `createdAt` until it changes.',
  })
  updatedAt: string;
  @ApiProperty({ example: '51824753556' }) taxIdentifier: string;
  @ApiProperty({ example: 'AU' }) countryCode: string;
  @ApiProperty({ type: String, nullable: true, example: 'acct_1PqRsTuVwXyZ0123' }) merchantId: string | null;
  @ApiProperty({
    example: true,
    description: 'Registered for GST: its invoices are tax invoices. One that is not issues "Invoice"s without GST.',
  })
  gstRegistered: boolean;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, example: CAPABILITIES_EXAMPLE })
  capabilities: Record<string, unknown>[];
  @ApiProperty({ type: Object, additionalProperties: true, example: { payoutsEnabledAt: '2026-01-12T00:00:00.000Z' } })
  events: Record<string, unknown>;

  static from(business: Business): BusinessResponse {
    return {
      id: business.id,
      name: business.name,
      settings: {
        autoReconciliationEnabled: business.settings.autoReconciliationEnabled,
        autoInviteClientsEnabled: business.settings.autoInviteClientsEnabled,
      },
      createdAt: business.createdAt.toISOString(),
      updatedAt: business.updatedAt.toISOString(),
      taxIdentifier: business.taxIdentifier,
      countryCode: business.countryCode,
      merchantId: business.merchantId,
      gstRegistered: business.gstRegistered,
      capabilities: business.capabilities,
      events: business.events,
    };
  }
}
