/** Failure codes shared by the crypto modules; the HTTP layer maps all of them to a 400 `failed`. */
export type CryptoFailureCode =
  | 'bad_input'
  | 'decrypt_failed'
  | 'bad_signature'
  | 'stale_timestamp'
  | 'replayed_nonce';

export class CryptoFailure extends Error {
  readonly code: CryptoFailureCode;

  constructor(code: CryptoFailureCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CryptoFailure';
    this.code = code;
  }
}
