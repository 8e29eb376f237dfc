// Which end-of-session notifications concern this session. The server sends FORCE_LOGOUT (logout of the other
// sessions) and REMOTE_WIPE (one device) to every session of the account: the session that asked for the logout
// of the others is named by the hash of its api key, a wiped device by its device id, and those must not end the
// wrong session.
import { IS_ALLOW_REMOTE_WIPE } from '@variant/flags';
import { subtle, toHex, utf8Encode } from '../crypto/bytes.ts';
import type { AnyNotification } from '@generated/realtime/index';

export interface SessionIdentity {
  apiKey: string | null;
  deviceId: string | null;
}

/** SHA-256 hex of the api key, as the server names the session it keeps. */
export async function apiKeyHash(apiKey: string): Promise<string> {
  return toHex(new Uint8Array(await subtle().digest('SHA-256', utf8Encode(apiKey))));
}

/**
 * The reason this notification ends this session, or null when it does not. A variant without IS_ALLOW_REMOTE_WIPE
 * (`honour` false) ignores both notifications; the server still refuses the revoked key, so the next call ends it.
 */
export async function sessionEndFor(
  notification: AnyNotification,
  me: SessionIdentity,
  honour: boolean = IS_ALLOW_REMOTE_WIPE,
): Promise<'forcedLogout' | 'remoteWipe' | null> {
  if (!honour) return null;
  if (notification.notifyType === 'FORCE_LOGOUT') {
    const keep = notification.data?.keepApiKeyHash;
    if (typeof keep === 'string' && keep !== '' && me.apiKey && keep === (await apiKeyHash(me.apiKey))) return null;
    return 'forcedLogout';
  }
  if (notification.notifyType === 'REMOTE_WIPE') {
    const wiped = typeof notification.data?.deviceId === 'string' ? notification.data.deviceId : notification.dataId;
    return !wiped || wiped === me.deviceId ? 'remoteWipe' : null;
  }
  return null;
}

/**
 * What a refused call's X-Session-Ended header (http-transport.ts) means here: a session that another of the user's devices ended (a
 * logout of the other sessions, a password change, a disabled account, a remote wipe) ends as that, not as an expiry
 * (its push may come after the refusal); null (an expiry) without the header or for a logout of its own. A variant
 * without IS_ALLOW_REMOTE_WIPE reads a wipe as a forced logout.
 */
export function sessionEndFromRefusal(endedAs: string | null, honourWipe: boolean = IS_ALLOW_REMOTE_WIPE): 'forcedLogout' | 'remoteWipe' | null {
  if (!endedAs || endedAs === 'LOGOUT') return null;
  return endedAs === 'REMOTE_WIPE' && honourWipe ? 'remoteWipe' : 'forcedLogout';
}
