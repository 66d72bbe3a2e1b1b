import { createHash, randomBytes } from 'node:crypto';
import { newPrefixedId } from '@app/shared/domain';

const SECRET_PREFIX = 'sk_';

/** A credential for the API. Only the SHA-256 of its secret is kept; the secret is shown once. */
export class ApiKey {
  id: string;
  name: string;
  /** `null`: a platform key, which reaches everything. */
  organisationId: string | null;
  secretHash: string;
  createdAt: Date;

  static issue(name: string, organisationId: string | null, now: Date): { apiKey: ApiKey; secret: string } {
    const secret = `${SECRET_PREFIX}${randomBytes(30).toString('base64url')}`;
    return { apiKey: ApiKey.withSecret(name, organisationId, secret, now), secret };
  }

  /** A key for a secret chosen elsewhere (the bootstrap key from configuration). */
  static withSecret(name: string, organisationId: string | null, secret: string, now: Date): ApiKey {
    const apiKey = new ApiKey();
    apiKey.id = newPrefixedId('key', now);
    apiKey.name = name;
    apiKey.organisationId = organisationId;
    apiKey.secretHash = ApiKey.hashOf(secret);
    apiKey.createdAt = now;
    return apiKey;
  }

  /** Secrets are 240 random bits, so a fast hash is enough: no brute force can reach one. */
  static hashOf(secret: string): string {
    return createHash('sha256').update(secret).digest('hex');
  }
}
