import { ApiProperty } from '@nestjs/swagger';
import type { ActivityRecord } from '../../domain/activity-record.js';
import type { Member } from '../../domain/member.js';

export class MemberSettingsResponse {
  @ApiProperty({ example: true, description: 'Whether the app shows help about plans.' }) showPlanHelp: boolean;
}

export class ActivityRecordResponse {
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) updatedAt: string;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, example: '4.12.0', description: 'From `X-Application-Version`.' })
  applicationVersion: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'ios', description: 'From `X-Platform`.' }) platform:
    string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'HarbourPhysio/4.12.0 (iPhone; iOS 19.1)',
    description: 'From `User-Agent`.',
  })
  userAgent: string | null;

  static from(record: ActivityRecord): ActivityRecordResponse {
    return {
      updatedAt: record.updatedAt,
      createdAt: record.createdAt,
      applicationVersion: record.applicationVersion,
      platform: record.platform,
      userAgent: record.userAgent,
    };
  }
}

export class MemberResponse {
  @ApiProperty({ example: 'memb_2pVkUq3Kx9mGdB1aWfE7hTzRc0L' }) id: string;
  @ApiProperty({ example: false }) emailVerified: boolean;
  @ApiProperty({ example: false }) mobileNumberVerified: boolean;
  @ApiProperty({ example: '2026-11-22T05:28:59.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({
    example: '2026-11-24T09:12:40.000Z',
    format: 'date-time',
    description: 'When it last changed; equal to `createdAt` until it changes.',
  })
  updatedAt: string;
  @ApiProperty({ type: MemberSettingsResponse }) settings: MemberSettingsResponse;
  @ApiProperty({ example: 'Alex' }) firstName: string;
  @ApiProperty({ example: 'Chen' }) lastName: string;
  @ApiProperty({ example: 'alex.chen@example.com', format: 'email' }) email: string;
  @ApiProperty({ type: String, nullable: true, example: '+61412345678', description: 'E.164.' }) mobileNumber:
    string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date', example: '1988-04-12' }) dateOfBirth: string | null;
  @ApiProperty({ type: [String], example: ['member'] }) roles: string[];
  @ApiProperty({ type: String, nullable: true, format: 'uri', example: 'https://cdn.example.com/members/alex.jpg' })
  profileImageUrl: string | null;
  @ApiProperty({ type: [ActivityRecordResponse] }) activity: ActivityRecordResponse[];

  static from(member: Member): MemberResponse {
    return {
      id: member.id,
      emailVerified: member.emailVerified,
      mobileNumberVerified: member.mobileNumberVerified,
      createdAt: member.createdAt.toISOString(),
      updatedAt: member.updatedAt.toISOString(),
      settings: { showPlanHelp: member.settings.showPlanHelp },
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
      mobileNumber: member.mobileNumber,
      dateOfBirth: member.dateOfBirth,
      roles: [...member.roles],
      profileImageUrl: member.profileImageUrl,
      activity: member.activity.map((record) => ActivityRecordResponse.from(record)),
    };
  }
}
