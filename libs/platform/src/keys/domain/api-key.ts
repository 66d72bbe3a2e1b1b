import { hash, randomBytes } from 'node:crypto';
import { newPrefixedId } from '@app/shared/domain';

const SECRET_PREFIX = 'sk_';

/** Why a stored key no longer authenticates. */
export type ApiKeyRefusal = 'revoked' | 'expired';

/** A credential for the API. Only the SHA-256 of its secret is kept; the secret is shown once. */
export class ApiKey {
  id: string;
  name: string;
  /** `null`: a platform key, which reaches everything. */
  organisationId: string | null;
  secretHash: string;
  createdAt: Date;
  /** When it last changed: revoked, or a use recorded (`lastUsedAt`); equal to `createdAt` until then. */
  updatedAt: Date;
  /** `null`: never expires. */
  expiresAt: Date | null = null;
  /** To the minute: a use within a minute of the last recorded one is not written. */
  lastUsedAt: Date | null = null;
  /** Once set, the key never authenticates again. */
  revokedAt: Date | null = null;

  static issue(
    name: string,
    organisationId: string | null,
    now: Date,
    expiresAt: Date | null = null,
  ): { apiKey: ApiKey; secret: string } {
    const secret = `${SECRET_PREFIX}${randomBytes(30).toString('base64url')}`;
    const apiKey = ApiKey.withSecret(name, organisationId, secret, now);
    apiKey.expiresAt = expiresAt;
    return { apiKey, secret };
  }

  /** A key for a secret chosen elsewhere (the bootstrap key from configuration). */
  static withSecret(name: string, organisationId: string | null, secret: string, now: Date): ApiKey {
    const apiKey = new ApiKey();
    apiKey.id = newPrefixedId('key', now);
    apiKey.name = name;
    apiKey.organisationId = organisationId;
    apiKey.secretHash = ApiKey.hashOf(secret);
    apiKey.createdAt = now;
    apiKey.updatedAt = now;
    return apiKey;
  }

  /** Secrets are 240 random bits, so a fast hash is enough: no brute force can reach one. */
  static hashOf(secret: string): string {
    return hash('sha256', secret);
  }

  /** `null` when the key authenticates at `now`. */
  refusalAt(now: Date): ApiKeyRefusal | null {
    if (this.revokedAt !== null) return 'revoked';
    return isExpired(this.expiresAt, now) ? 'expired' : null;
  }

  /** Whether a caller scoped to `organisationId` (`null`: platform) may see and revoke this key. */
  isVisibleTo(organisationId: string | null): boolean {
    return organisationId === null || organisationId === this.organisationId;
  }
}

/** A key expires at `expiresAt` exactly: from that instant on it is refused. */
export const isExpired = (expiresAt: Date | null, now: Date): boolean =>
  expiresAt !== null && expiresAt.getTime() <= now.getTime();
