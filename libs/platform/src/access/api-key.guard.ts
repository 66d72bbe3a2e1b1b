import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { type Caller, DomainError, IS_PUBLIC, PLATFORM_ONLY } from '@app/shared';
import { ApiKey } from '../api-keys/domain/api-key.js';
import { ApiKeyRepository } from '../api-keys/domain/api-key.repository.js';
import { OrganisationLookup } from './organisation-lookup.js';

const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 10_000;

const unauthenticated = (message: string) => new DomainError('unauthenticated', 'unauthenticated', message);
const forbidden = () => new DomainError('forbidden', 'forbidden', 'This API key is not scoped to this resource.');

/**
 * Every route needs a valid `Authorization: Bearer` key unless marked `@Public()`. An
 * organisation key reaches only the `organisationId` and `businessId` of its own organisation.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  /** Keys are immutable once issued, so a short cache saves a statement on every request. */
  private readonly callers = new Map<string, { caller: Caller; expiresAt: number }>();

  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyRepository,
    private readonly organisations: OrganisationLookup,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const caller = await this.authenticate(request);
    request.caller = caller;
    if (caller.organisationId === null) return true;
    if (this.reflector.getAllAndOverride<boolean>(PLATFORM_ONLY, targets)) throw forbidden();
    await this.assertInScope(caller.organisationId, request.params);
    return true;
  }

  private async authenticate(request: Request): Promise<Caller> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.header('authorization') ?? '');
    if (!match) throw unauthenticated('Send an API key as `Authorization: Bearer <key>`.');
    const secretHash = ApiKey.hashOf(match[1]);
    const cached = this.callers.get(secretHash);
    if (cached && cached.expiresAt > Date.now()) return cached.caller;
    const apiKey = await this.apiKeys.findBySecretHash(secretHash);
    if (!apiKey) throw unauthenticated('The API key is not valid.');
    const caller = { keyId: apiKey.id, organisationId: apiKey.organisationId };
    if (this.callers.size >= CACHE_MAX_ENTRIES) this.callers.clear();
    this.callers.set(secretHash, { caller, expiresAt: Date.now() + CACHE_TTL_MS });
    return caller;
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
