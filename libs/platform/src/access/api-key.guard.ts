import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { DomainError, IS_PUBLIC, PLATFORM_ONLY } from '@app/shared';
import { ApiKeyAuthenticator } from './api-key-authenticator.js';
import { OrganisationLookup } from './organisation-lookup.js';

const forbidden = () => new DomainError('forbidden', 'forbidden', 'This API key is not scoped to this resource.');

/**
 * Every route needs a valid `Authorization: Bearer` key unless marked `@Public()`. An
 * organisation key reaches only the `organisationId` and `businessId` of its own organisation.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: ApiKeyAuthenticator,
    private readonly organisations: OrganisationLookup,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const authentication = await this.authenticator.authenticate(request);
    if (authentication.kind === 'rate_limited') {
      context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(authentication.retryAfterSeconds));
      throw new DomainError(
        'rate_limited',
        'rate_limited',
        'Too many requests with API keys that are not valid from this address; retry after the time in Retry-After.',
      );
    }
    if (authentication.kind === 'failed') throw authentication.error;
    const caller = authentication.caller;
    request.caller = caller;
    if (caller.organisationId === null) return true;
    if (this.reflector.getAllAndOverride<boolean>(PLATFORM_ONLY, targets)) throw forbidden();
    await this.assertInScope(caller.organisationId, request.params);
    return true;
  }

  private async assertInScope(organisationId: string, params: Request['params']): Promise<void> {
    if (params.organisationId !== undefined && params.organisationId !== organisationId) throw forbidden();
    // Under /v1/organisations/{organisationId}/… the route itself answers 404 for a business of another organisation.
    if (params.organisationId === undefined && params.businessId !== undefined) {
      const owner = await this.organisations.organisationIdOfBusiness(String(params.businessId));
      // An unknown business is the route's own 404; a known one of another organisation is out of scope.
      if (owner !== null && owner !== organisationId) throw forbidden();
    }
  }
}
