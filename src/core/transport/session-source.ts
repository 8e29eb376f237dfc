// What the transport needs to know about the signed-in user, read on every call so it never holds stale keys.

export interface TransportSession {
  loginName?: string | null;
  apiKey?: string | null;
  /** PKCS#8 PEM of this login's device key pair; in memory only. */
  devicePrivateKeyPem?: string | null;
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
