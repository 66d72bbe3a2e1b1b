import { applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';
import type { DeviceHeaders } from '../domain/activity-record.js';

/** The calling app's description of itself, from its request headers. */
export const RequestDevice = createParamDecorator((_: unknown, context: ExecutionContext): DeviceHeaders => {
  const request = context.switchToHttp().getRequest<Request>();
  return {
    applicationVersion: request.header('x-application-version') ?? null,
    platform: request.header('x-platform') ?? null,
    userAgent: request.header('user-agent') ?? null,
  };
});

/** Documents the headers `RequestDevice` reads. */
export const ApiDeviceHeaders = (): MethodDecorator =>
  applyDecorators(
    ApiHeader({
      name: 'X-Application-Version',
      required: false,
      description: 'Version of the calling app, kept in the activity record (at most 200 characters).',
      example: '4.12.0',
    }),
    ApiHeader({
      name: 'X-Platform',
      required: false,
      description: 'Platform of the calling app, kept in the activity record (at most 200 characters).',
      example: 'ios',
    }),
    ApiHeader({
      name: 'User-Agent',
      required: false,
      description: 'Kept in the activity record (at most 200 characters).',
      example: 'HarbourPhysio/4.12.0 (iPhone; iOS 19.1)',
    }),
  );
