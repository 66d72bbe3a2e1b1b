import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { AppConfig } from '@app/shared';
import { RequestHasher } from './request-hasher.js';

const configWith = (walletKey: string) =>
  new AppConfig({ DATABASE_URL: 'postgresql://unused', WALLET_ENCRYPTION_KEY: walletKey });
const medicare = { type: 'medicare_card', medicareCard: { memberNumber: '2123456701', referenceNumber: '1' } };

describe('RequestHasher', () => {
  const hasher = RequestHasher.fromConfig(configWith('ab'.repeat(32)));

  it('hashes the same body in another key order alike, and another body differently', () => {
    const hash = hasher.hash('POST', '/v1/cards', medicare);
    expect(
      hasher.hash('POST', '/v1/cards', {
        medicareCard: { referenceNumber: '1', memberNumber: '2123456701' },
        type: 'medicare_card',
      }),
    ).toBe(hash);
    expect(
      hasher.hash('POST', '/v1/cards', {
        ...medicare,
        medicareCard: { ...medicare.medicareCard, memberNumber: '2123456702' },
      }),
    ).not.toBe(hash);
    expect(hasher.hash('POST', '/v1/other', medicare)).not.toBe(hash);
  });

  it('is no plain SHA-256, and depends on the configured key', () => {
    const hash = hasher.hash('POST', '/v1/cards', medicare);
    const canonical = '{"medicareCard":{"memberNumber":"2123456701","referenceNumber":"1"},"type":"medicare_card"}';
    expect(hash).not.toBe(createHash('sha256').update(`POST /v1/cards\n${canonical}`).digest('hex'));
    expect(RequestHasher.fromConfig(configWith('cd'.repeat(32))).hash('POST', '/v1/cards', medicare)).not.toBe(hash);
  });

  it('refuses to start on a configured database without a 32-byte key', () => {
    expect(() => RequestHasher.fromConfig(new AppConfig({ DATABASE_URL: 'postgresql://unused' }))).toThrow(
      /WALLET_ENCRYPTION_KEY/,
    );
    expect(() => RequestHasher.fromConfig(configWith('short'))).toThrow(/32 bytes/);
  });
});
