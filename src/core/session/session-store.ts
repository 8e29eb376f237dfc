// The signed-in session in memory (a zustand store). What survives a reload is kept by the session vault
// (IndexedDB: the device keys as non-extractable CryptoKeys, the api key and the non-secret facts), never here.
import { create } from 'zustand';
import type { GetAccountProfileResponse, GetApplicationProfileResponse } from '@generated/types/index';
import type { DeviceKeys } from '../crypto/rsa.ts';
import type { TransportSession, TransportSessionSource } from '../transport/session-source.ts';

/** `resuming`: a stored session is being checked with the server after a reload or in a new tab. */
export type SessionStatus = 'signedOut' | 'signingIn' | 'resuming' | 'signedIn';

export interface SessionData {
  status: SessionStatus;
  /** Random per login; tabs tell sessions apart by it (never the api key). */
  sessionId: string | null;
  loginName: string | null;
  /** The deviceID this login sent: a remote wipe names the device it ends. */
  deviceId: string | null;
  accountId: string | null;
  apiKey: string | null;
  profile: GetAccountProfileResponse | null;
  mqSysName: string | null;
  applicationProfile: GetApplicationProfileResponse | null;
  deviceKeys: DeviceKeys | null;
  userPublicKeyPem: string | null;
}

export interface SessionActions {
  update(patch: Partial<SessionData>): void;
  clear(): void;
}

export type SessionState = SessionData & SessionActions;

export const signedOutSession: SessionData = {
  status: 'signedOut',
  sessionId: null,
  loginName: null,
  deviceId: null,
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
      deviceSigningKey: s.deviceKeys?.signingKey ?? null,
      deviceDecryptionKey: s.deviceKeys?.decryptionKey ?? null,
      userPublicKeyPem: s.userPublicKeyPem,
    };
  },
};
