/**
 * Keeps full card numbers unreadable at rest. A port: the domain asks for ciphertext and a
 * fingerprint, and never sees a key.
 */
export abstract class CardVault {
  /** Authenticated ciphertext of a full number. */
  abstract seal(plaintext: string): string;
  abstract open(ciphertext: string): string;
  /** A keyed hash that is equal for equal inputs, so the same card is found without decrypting. */
  abstract fingerprint(...parts: string[]): string;
}
