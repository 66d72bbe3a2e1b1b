import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from '@app/shared';
import { ApiKeyAuthenticator } from './api-key-authenticator.js';
import type { RouteAccess } from './route-access.js';
import { OrganisationLookup } from './organisation-lookup.js';

const forbidden = () => new DomainError('forbidden', 'forbidden', 'This API key is not scoped to this resource.');

/**
 * Every route needs a valid `Authorization: Bearer` key unless marked `@Public()`. An
 * organisation key reaches only the `organisationId` and `businessId` of its own organisation.
 * Run by `AccessGuard` on routes that are not public.
 */
@Injectable()
export class ApiKeyScope {
  constructor(
    private readonly authenticator: ApiKeyAuthenticator,
    private readonly organisations: OrganisationLookup,
  ) {}

  async authenticate(request: Request, response: Response, route: RouteAccess): Promise<void> {
    const authentication = await this.authenticator.authenticate(request);
    if (authentication.kind === 'rate_limited') {
      response.setHeader('Retry-After', String(authentication.retryAfterSeconds));
      throw new DomainError(
        'rate_limited',
        'rate_limited',
        'Too many requests with API keys that are not valid from this address; retry after the time in Retry-After.',
      );
    }
    if (authentication.kind === 'failed') throw authentication.error;
    const caller = authentication.caller;
    request.caller = caller;
    if (caller.organisationId === null) return;
    if (route.platformOnly) throw forbidden();
    await this.assertInScope(caller.organisationId, request.params);
  }

  private async assertInScope(organisationId: string, params: Request['params']): Promise<void> {
    if (params.organisationId !== undefined && params.organisationId !== organisationId) throw forbidden();
    // Under /v1/organisations/{organisationId}/… the route itself answers 404 for a business of another organisation.
    if (params.organisationId === undefined && params.businessId !== undefined) {
      // Any business but the key's own is out of scope, known or not, as any other organisation is:
      // a 404 for an unknown id would tell that the ids answered 403 exist elsewhere.
      if (!(await this.organisations.ownsBusiness(organisationId, String(params.businessId)))) throw forbidden();
    }
  }
}
