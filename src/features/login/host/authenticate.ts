// The host's `authenticate` message (seed section 4, webview lite): login name, token, systemId, roomId and type.
// It logs in at once with the token; the room id becomes a go-to-room action for the chat.
import type { TokenData, TokenType } from '@generated/types/index';
import { TokenTypeValues } from '@generated/types/enums';
import { deepLinkActionObject } from '../../../core/navigation/deep-link.ts';

export interface HostAuthentication {
  loginName: string;
  tokenData: TokenData;
  actionObj: Record<string, string> | undefined;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The default token type of a host's token: a login token minted for a web view. */
const HOST_TOKEN_TYPE: TokenType = 'WEBVIEW';

export function readAuthentication(data: unknown): HostAuthentication | null {
  if (!data || typeof data !== 'object') return null;
  const fields = data as Record<string, unknown>;
  const loginName = text(fields.loginName);
  const token = text(fields.token);
  if (!loginName || !token) return null;
  const type = text(fields.type);
  if (type !== null && !(TokenTypeValues as readonly string[]).includes(type)) return null;
  const systemId = text(fields.systemId);
  const roomId = typeof fields.roomId === 'number' ? String(fields.roomId) : text(fields.roomId);
  return {
    loginName,
    tokenData: { token, type: (type as TokenType | null) ?? HOST_TOKEN_TYPE, ...(systemId ? { systemId } : {}) },
    actionObj: roomId ? deepLinkActionObject('gotoroom', new URLSearchParams({ roomId }).toString()) : undefined,
  };
}
