import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { IS_PUBLIC, PLATFORM_ONLY, RequestInputGuard } from '@app/shared';
import { RateLimit } from '../rate-limit/rate-limit.js';
import { ApiKeyScope } from './api-key-scope.js';
import type { RouteAccess } from './route-access.js';

/** `@SkipThrottle()` of `@nestjs/throttler` (the health checks), under its default throttler's name. */
const SKIP_RATE_LIMIT = 'THROTTLER:SKIPdefault';

/**
 * The one global guard, in this order: who is calling (the API key and its scope), how often (the
 * rate limit), then what they sent (body and URL checks). One guard instead of three: each route's
 * decorators are read once, not by every guard on every request.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly routes = new WeakMap<object, RouteAccess>();

  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyScope,
    private readonly rateLimit: RateLimit,
    private readonly input: RequestInputGuard,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.routeOf(context);
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    if (!route.isPublic) await this.apiKeys.authenticate(request, response, route);
    if (route.rateLimited) await this.rateLimit.count(request, response, route);
    return this.input.canActivate(context);
  }

  private routeOf(context: ExecutionContext): RouteAccess {
    const handler = context.getHandler();
    let route = this.routes.get(handler);
    if (!route) {
      const targets = [handler, context.getClass()];
      route = {
        isPublic: this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false,
        platformOnly: this.reflector.getAllAndOverride<boolean>(PLATFORM_ONLY, targets) ?? false,
        rateLimited: !this.reflector.getAllAndOverride<boolean>(SKIP_RATE_LIMIT, targets),
        group: context.getClass().name,
      };
      this.routes.set(handler, route);
    }
    return route;
  }
}
