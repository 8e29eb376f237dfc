// Automatic login (seed section 4): with SSO allowed and no prior attempt, or with token login allowed and a token
// in the action object (the login navigation state: authTokenType, token, roomId, systemId, loginName), the app
// logs in and goes straight to the chat. A failed attempt comes back to /login with a banner, which stops a loop.
// Grid children log in this way from the action object the grid hands them.
import type { TokenData, TokenType } from '@generated/types/index';
import { TokenTypeValues } from '@generated/types/enums';

export interface AutoLogin {
  loginName: string;
  tokenData: TokenData;
  /** through sso/login */
  sso: boolean;
  /** the rest of the action object, without the token (next-action.ts turns its room id into go-to-room) */
  rest: Record<string, string>;
}

const TOKEN_KEYS = ['authTokenType', 'token', 'systemId', 'loginName'];

export function readAutoLogin(
  actionObj: Record<string, string> | undefined,
  priorAttempt: boolean,
  allowed: { sso: boolean; token: boolean },
): AutoLogin | null {
  if (priorAttempt || !actionObj) return null;
  const token = actionObj.token?.trim();
  const loginName = actionObj.loginName?.trim();
  if (!token || !loginName) return null;
  const rawType = actionObj.authTokenType?.trim() || (allowed.sso && !allowed.token ? 'SSO' : 'WEBVIEW');
  if (!(TokenTypeValues as readonly string[]).includes(rawType)) return null;
  const type = rawType as TokenType;
  const sso = type === 'SSO' && allowed.sso;
  if (!sso && !allowed.token) return null;
  const systemId = actionObj.systemId?.trim();
  return {
    loginName,
    tokenData: { token, type, ...(systemId ? { systemId } : {}) },
    sso,
    rest: Object.fromEntries(Object.entries(actionObj).filter(([key]) => !TOKEN_KEYS.includes(key))),
  };
}
