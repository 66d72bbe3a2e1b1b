import { ApiProperty } from '@nestjs/swagger';
import { ApiCents } from '@app/shared';
import type { AppointmentType } from '../../domain/appointment-type.js';
import type { BillableItem } from '../../domain/appointment-type.js';

export class ServiceItemResponse {
  @ApiProperty({ type: String, nullable: true, example: 'si_560' }) id: string | null;
  @ApiProperty({ type: String, nullable: true, example: '560' }) itemCode: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'physiotherapy' }) category: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Initial physiotherapy consultation' }) description:
    string | null;
}

export class BillableItemResponse {
  @ApiProperty({ example: 'Initial consultation' }) name: string;
  @ApiCents({ example: 9500, description: 'Integer cents.' }) basePrice: number;
  @ApiCents({ example: 9500, description: 'Integer cents, base plus tax.' }) totalPrice: number;
  @ApiCents({ example: 0, description: 'Integer cents.' }) taxAmount: number;
  @ApiProperty({ example: 0, description: 'Percent.' }) taxRate: number;
  @ApiProperty({ example: '0193a6f8-8192-7db4-8fc6-2a3b4c5d6e7f' }) id: string;
  @ApiProperty({ type: String, nullable: true, example: '560' }) itemCode: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'pms_bi_88213' }) pmsBillableItemId: string | null;
  @ApiProperty({ required: false, type: ServiceItemResponse, nullable: true, description: 'Present when expanded.' })
  serviceItem?: ServiceItemResponse | null;

  static from(item: BillableItem, withServiceItem: boolean): BillableItemResponse {
    return {
      name: item.name,
      basePrice: item.basePrice,
      totalPrice: item.totalPrice,
      taxAmount: item.taxAmount,
      taxRate: item.taxRate,
      id: item.id,
      itemCode: item.itemCode,
      pmsBillableItemId: item.pmsBillableItemId,
      ...(withServiceItem
        ? {
            serviceItem: item.serviceItem && {
              id: item.serviceItem.id,
              itemCode: item.serviceItem.itemCode,
              category: item.serviceItem.category,
              description: item.serviceItem.description,
            },
          }
        : {}),
    };
  }
}

export class AppointmentTypeResponse {
  @ApiProperty({ example: '0193a6f8-7081-7ca3-8eb5-1f2a3b4c5d6e' }) id: string;
  @ApiProperty({ example: 'Initial physiotherapy consultation' }) name: string;
  @ApiProperty({ example: 45 }) durationMinutes: number;
  @ApiCents({ example: 9500, description: 'Integer cents.' }) price: number;
  @ApiProperty({ type: [String], example: ['0193a6f5-3c4d-7e5f-8a61-7b8c9d0e1f2a'] }) providers: string[];
  @ApiProperty({ type: [String], example: ['0193a6f3-1a2b-7c3d-8e4f-5a6b7c8d9e0f'] }) locations: string[];
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-22T05:28:59.000Z',
    format: 'date-time',
    description: 'When it last changed; equal to `createdAt` until it changes.',
  })
  updatedAt: string;
  @ApiProperty({
    example: false,
    description: 'Archived: it takes no new bookings and is not offered online; its bookings keep it.',
  })
  deleted: boolean;
  @ApiProperty({ example: 1 }) maxAttendees: number;
  @ApiProperty({ type: String, nullable: true, example: 'Assessment and first treatment.' }) description: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'physiotherapy' }) category: string | null;
  @ApiProperty({ type: [BillableItemResponse] }) billableItems: BillableItemResponse[];

  static from(
    type: AppointmentType,
    options: { withServiceItems: boolean } = { withServiceItems: true },
  ): AppointmentTypeResponse {
    return {
      id: type.id,
      name: type.name,
      durationMinutes: type.durationMinutes,
      price: type.price,
      providers: type.providerIds,
      locations: type.locationIds,
      createdAt: type.createdAt.toISOString(),
      updatedAt: type.updatedAt.toISOString(),
      deleted: type.deleted,
      maxAttendees: type.maxAttendees,
      description: type.description,
      category: type.category,
      billableItems: type.billableItems.map((item) => BillableItemResponse.from(item, options.withServiceItems)),
    };
  }
}
