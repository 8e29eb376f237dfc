// The signed-in session, in memory only: the device private key must never reach localStorage, so this store
// has no persistence at all (a reload signs the user out, as the seed's login flow expects).
import { create } from 'zustand';
import type { GetAccountProfileResponse, GetApplicationProfileResponse } from '@generated/types/index';
import type { PemKeyPair } from '../crypto/rsa.ts';
import type { TransportSession, TransportSessionSource } from '../transport/session-source.ts';

export type SessionStatus = 'signedOut' | 'signingIn' | 'signedIn';

export interface SessionData {
  status: SessionStatus;
  loginName: string | null;
  accountId: string | null;
  apiKey: string | null;
  profile: GetAccountProfileResponse | null;
  mqSysName: string | null;
  applicationProfile: GetApplicationProfileResponse | null;
  deviceKeys: PemKeyPair | null;
  userPublicKeyPem: string | null;
}

export interface SessionActions {
  update(patch: Partial<SessionData>): void;
  clear(): void;
}

export type SessionState = SessionData & SessionActions;

export const signedOutSession: SessionData = {
  status: 'signedOut',
  loginName: null,
  accountId: null,
  apiKey: null,
  profile: null,
  mqSysName: null,
  applicationProfile: null,
  deviceKeys: null,
  userPublicKeyPem: null,
};

export const useSessionStore = create<SessionState>()((set) => ({
  ...signedOutSession,
  update: (patch) => set(patch),
  clear: () => set(signedOutSession),
}));

/** The transport reads its keys from the store on every call. */
export const sessionTransportSource: TransportSessionSource = {
  current(): TransportSession {
    const s = useSessionStore.getState();
    return {
      loginName: s.loginName,
      apiKey: s.apiKey,
      devicePrivateKeyPem: s.deviceKeys?.privateKeyPem ?? null,
      userPublicKeyPem: s.userPublicKeyPem,
    };
  },
};
