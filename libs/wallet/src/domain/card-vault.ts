/**
 * Keeps full card numbers unreadable at rest. A port: the domain asks for ciphertext and a
 * fingerprint, and never sees a key.
 */
export abstract class CardVault {
  /** Authenticated ciphertext of a full number. */
  abstract seal(plaintext: string): string;
  abstract open(ciphertext: string): string;
  /**
   * A keyed hash that is equal for equal inputs within one organisation, so the same card is found
   * in a wallet without decrypting, and different in every other organisation, so two clinics
   * cannot link a patient by comparing fingerprints.
   */
  abstract fingerprint(organisationId: string, ...parts: string[]): string;
  /** The organisation's fingerprint from a platform-wide one (rows written before fingerprints were per organisation). */
  abstract rescope(organisationId: string, platformFingerprint: string): string;
}
