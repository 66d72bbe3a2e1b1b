import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';

/** Who is calling: the API key and the organisation it is scoped to (`null` for a platform key). */
export interface Caller {
  keyId: string;
  organisationId: string | null;
}

declare module 'http' {
  interface IncomingMessage {
    caller?: Caller;
  }
}

export const IS_PUBLIC = 'access:public';
export const PLATFORM_ONLY = 'access:platform-only';

/** The route needs no API key. Every other route does. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

/** Only a platform-scoped key may call the route. */
export const PlatformOnly = (): MethodDecorator & ClassDecorator => SetMetadata(PLATFORM_ONLY, true);

/** The authenticated caller of a keyed route. */
export const CurrentCaller = createParamDecorator((_: unknown, context: ExecutionContext): Caller => {
  const caller = context.switchToHttp().getRequest<Request>().caller;
  if (!caller) throw new Error('CurrentCaller used on a public route');
  return caller;
});
