import { ApiProperty } from '@nestjs/swagger';
import type { ClientView } from '../../application/client.queries.js';

export class ClientResponse implements ClientView {
  @ApiProperty({ example: '0193a6f7-5e6f-7a81-9b23-9d0e1f2a3b4c' }) id: string;
  @ApiProperty({ example: false, description: 'Archived clients stay readable, marked here.' }) deleted: boolean;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-24T09:12:40.000Z',
    format: 'date-time',
    description: 'When it last changed; equal to `createdAt` until it changes.',
  })
  updatedAt: string;
  @ApiProperty({ type: String, nullable: true, example: 'memb_2pVkUq3Kx9mGdB1aWfE7hTzRc0L' }) memberId: string | null;
  @ApiProperty({ example: 'Alex' }) firstName: string;
  @ApiProperty({ example: 'Chen' }) lastName: string;
  @ApiProperty({ type: String, nullable: true, format: 'date', example: '1988-04-12' }) dateOfBirth: string | null;
  @ApiProperty({ type: String, nullable: true, example: '+61412345678', description: 'E.164.' }) mobileNumber:
    string | null;
  @ApiProperty({ type: String, nullable: true, format: 'email', example: 'alex.chen@example.com' }) email:
    string | null;
  @ApiProperty({ type: String, nullable: true, example: 'PT-004417' }) pmsPatientId: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', example: '2024-03-14T09:30:00.000Z' })
  pmsCreatedAt: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uri', example: 'https://cdn.example.com/clients/alex.jpg' })
  profileImageUrl: string | null;

  static from(client: ClientView): ClientResponse {
    return {
      id: client.id,
      deleted: client.deleted,
      createdAt: client.createdAt,
      updatedAt: client.updatedAt,
      memberId: client.memberId,
      firstName: client.firstName,
      lastName: client.lastName,
      dateOfBirth: client.dateOfBirth,
      mobileNumber: client.mobileNumber,
      email: client.email,
      pmsPatientId: client.pmsPatientId,
      pmsCreatedAt: client.pmsCreatedAt,
      profileImageUrl: client.profileImageUrl,
    };
  }
}
