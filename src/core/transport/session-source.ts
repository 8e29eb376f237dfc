// What the transport needs to know about the signed-in user, read on every call so it never holds stale keys.
import type { RsaPrivateKey } from '../crypto/rsa.ts';

export interface TransportSession {
  loginName?: string | null;
  apiKey?: string | null;
  /** This login's device private key for signing requests (a non-extractable CryptoKey; PEM in tests). */
  deviceSigningKey?: RsaPrivateKey | null;
  /** The same key for opening responses (RSA-OAEP). */
  deviceDecryptionKey?: RsaPrivateKey | null;
  /** SPKI PEM from getUserPubKey. */
  userPublicKeyPem?: string | null;
}

export interface TransportSessionSource {
  current(): TransportSession;
}

/** A plain holder, for tests and for flows that run before the session store is filled. */
export class MemorySessionSource implements TransportSessionSource {
  private session: TransportSession = {};

  current(): TransportSession {
    return this.session;
  }

  set(update: TransportSession): void {
    this.session = { ...this.session, ...update };
  }

  clear(): void {
    this.session = {};
  }
}
