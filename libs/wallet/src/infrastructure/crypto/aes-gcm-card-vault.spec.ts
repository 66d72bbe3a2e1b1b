import { createDecipheriv, hkdfSync } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { parseMasterKey } from '@app/shared';
import { AesGcmCardVault } from './aes-gcm-card-vault.js';

const KEY_HEX = '6d3c0f1e9a2b4c5d8e7f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5';
const OTHER_KEY_HEX = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const NUMBER = '2123456701';
const ORG = 'org_2pVkUq3Kx9mGdB1aWfE7hTzRc0L';

const vaultOf = (hex = KEY_HEX) => new AesGcmCardVault(Buffer.from(hex, 'hex'));

/** The payload of a `v1:` ciphertext: 12-byte IV, 16-byte tag, then the encrypted bytes. */
const payloadOf = (sealed: string): Buffer => Buffer.from(sealed.slice('v1:'.length), 'base64');
const withPayload = (payload: Buffer): string => `v1:${payload.toString('base64')}`;

describe('parseMasterKey, the key the vault is made with', () => {
  it('reads 64 hex characters, in either case and with surrounding space', () => {
    expect(parseMasterKey(KEY_HEX)).toEqual(Buffer.from(KEY_HEX, 'hex'));
    expect(parseMasterKey(` ${KEY_HEX.toUpperCase()}\n`)).toEqual(Buffer.from(KEY_HEX, 'hex'));
  });

  it('reads base64 of 32 bytes', () => {
    const key = Buffer.from(KEY_HEX, 'hex');
    expect(parseMasterKey(key.toString('base64'))).toEqual(key);
  });

  it('gives a key the vault refuses when it is neither 32 bytes of hex nor of base64', () => {
    for (const value of ['abc', KEY_HEX.slice(2), Buffer.alloc(16).toString('base64')]) {
      expect(() => new AesGcmCardVault(parseMasterKey(value))).toThrow(/32 bytes/);
    }
  });
});

describe('AesGcmCardVault', () => {
  it('refuses a master key that is not 32 bytes', () => {
    expect(() => new AesGcmCardVault(Buffer.alloc(31))).toThrow(/32 bytes/);
    expect(() => new AesGcmCardVault(Buffer.alloc(33))).toThrow(/32 bytes/);
    expect(() => new AesGcmCardVault(Buffer.alloc(0))).toThrow(/32 bytes/);
  });

  it('opens what it sealed', () => {
    const vault = vaultOf();
    expect(vault.open(vault.seal(NUMBER))).toBe(NUMBER);
    expect(vault.open(vault.seal(''))).toBe('');
    expect(vault.open(vault.seal('9'.repeat(20)))).toBe('9'.repeat(20));
  });

  it('writes versioned ciphertext that does not contain the number', () => {
    const sealed = vaultOf().seal(NUMBER);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/]+={0,2}$/);
    expect(sealed).not.toContain(NUMBER);
    expect(payloadOf(sealed).toString('latin1')).not.toContain(NUMBER);
    // IV, tag and one byte of ciphertext per plaintext byte.
    expect(payloadOf(sealed)).toHaveLength(12 + 16 + NUMBER.length);
  });

  it('uses a fresh IV every time, so the same number seals differently', () => {
    const vault = vaultOf();
    const sealed = Array.from({ length: 20 }, () => vault.seal(NUMBER));
    expect(new Set(sealed).size).toBe(20);
    expect(new Set(sealed.map((s) => payloadOf(s).subarray(0, 12).toString('hex'))).size).toBe(20);
  });

  it('is AES-256-GCM under a key derived (HKDF-SHA256) from the master key, not the master key itself', () => {
    const master = Buffer.from(KEY_HEX, 'hex');
    const payload = payloadOf(vaultOf().seal(NUMBER));
    const decrypt = (key: Buffer) => {
      const decipher = createDecipheriv('aes-256-gcm', key, payload.subarray(0, 12));
      decipher.setAuthTag(payload.subarray(12, 28));
      return Buffer.concat([decipher.update(payload.subarray(28)), decipher.final()]).toString('utf8');
    };
    const derived = Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), 'wallet card encryption', 32));
    expect(decrypt(derived)).toBe(NUMBER);
    expect(() => decrypt(master)).toThrow();
  });

  it('cannot be opened with another master key', () => {
    const sealed = vaultOf().seal(NUMBER);
    expect(() => vaultOf(OTHER_KEY_HEX).open(sealed)).toThrow();
  });

  it('detects tampering with the ciphertext, the tag or the IV', () => {
    const vault = vaultOf();
    const payload = payloadOf(vault.seal(NUMBER));
    for (const index of [0, 11, 12, 27, 28, payload.length - 1]) {
      const tampered = Buffer.from(payload);
      tampered[index] ^= 0x01;
      expect(() => vault.open(withPayload(tampered))).toThrow();
    }
    expect(() => vault.open(withPayload(payload.subarray(0, payload.length - 1)))).toThrow();
  });

  it('refuses an unknown version or a missing payload', () => {
    const vault = vaultOf();
    const sealed = vault.seal(NUMBER);
    expect(() => vault.open(sealed.replace(/^v1:/, 'v2:'))).toThrow(/format/);
    expect(() => vault.open(sealed.slice(3))).toThrow();
    expect(() => vault.open('v1:')).toThrow(/format/);
    expect(() => vault.open(NUMBER)).toThrow();
  });

  describe('fingerprint', () => {
    it('is a stable 64-character hex HMAC that does not contain the number', () => {
      const vault = vaultOf();
      const fingerprint = vault.fingerprint(ORG, 'medicare_card', NUMBER);
      expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(fingerprint).not.toContain(NUMBER);
      expect(vault.fingerprint(ORG, 'medicare_card', NUMBER)).toBe(fingerprint);
      expect(vaultOf().fingerprint(ORG, 'medicare_card', NUMBER)).toBe(fingerprint);
    });

    it('differs between organisations, so two clinics cannot link a patient, and is rescoped from the platform-wide one', () => {
      const vault = vaultOf();
      expect(vault.fingerprint('org_other', 'medicare_card', NUMBER)).not.toBe(
        vault.fingerprint(ORG, 'medicare_card', NUMBER),
      );
      expect(vault.rescope(ORG, vault.platformFingerprint('medicare_card', NUMBER))).toBe(
        vault.fingerprint(ORG, 'medicare_card', NUMBER),
      );
    });

    it('depends on the key, so it cannot be recomputed without it', () => {
      expect(vaultOf(OTHER_KEY_HEX).fingerprint(ORG, 'medicare_card', NUMBER)).not.toBe(
        vaultOf().fingerprint(ORG, 'medicare_card', NUMBER),
      );
    });

    it('tells different numbers, types and part boundaries apart', () => {
      const vault = vaultOf();
      const fingerprints = [
        vault.fingerprint(ORG, 'medicare_card', NUMBER),
        vault.fingerprint(ORG, 'medicare_card', '2123456702'),
        vault.fingerprint(ORG, 'health_fund_card', NUMBER),
        vault.fingerprint(ORG, 'health_fund_card', 'fund-a', '12345'),
        vault.fingerprint(ORG, 'health_fund_card', 'fund-a1', '2345'),
        vault.fingerprint(ORG, 'health_fund_card', 'fund-a12345'),
      ];
      expect(new Set(fingerprints).size).toBe(fingerprints.length);
    });
  });
});
