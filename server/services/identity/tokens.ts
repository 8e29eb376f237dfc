// The login tokens of seed section 3: a login token (generatetoken; SSO and webview hosts), an OTP
// (generateotp), a next-token (getnextoken), a QR JWT (getjwt) and the AUTH_OTP a phone sends to a QR login
// page (sendnextoken). Each is a random secret stored as a hash, bound to one account, short-lived and
// consumed once by loginwithtoken / sso/login.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { TokenData } from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import type { AuthenticatedSession } from '../../http/types.ts';
import type { AuthToken, TokenType } from '../../store/repos/tokens.ts';

export const TOKEN_TTL_SECONDS = {
  LOGIN_TOKEN: 300,
  OTP: 300,
  NEXT_TOKEN: 60,
  JWT: 60,
  AUTH_OTP: 120,
} as const;

/** How many times the QR page may refresh its code before showing the refresh icon. */
export const QR_REMAINING_COUNT = 5;

type WireTokenType = NonNullable<TokenData['type']>;

/** Which stored kinds a wire token type may be. Without a type, any kind. */
const STORED_KINDS: Record<WireTokenType, TokenType[]> = {
  AUTH_OTP: ['AUTH_OTP'],
  OTP: ['OTP'],
  JWT: ['JWT'],
  NEXTOKEN: ['NEXT_TOKEN'],
  SSO: ['LOGIN_TOKEN'],
  WEBVIEW: ['LOGIN_TOKEN'],
};
const ALL_KINDS: TokenType[] = ['LOGIN_TOKEN', 'OTP', 'AUTH_OTP', 'NEXT_TOKEN', 'JWT'];

const OTP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomOtp(length = 12): string {
  const bytes = randomBytes(length);
  let text = '';
  for (const byte of bytes) text += OTP_ALPHABET[byte % OTP_ALPHABET.length];
  return text;
}

/** The signed-in session asking for a token: the token belongs to its account and dies with its logout. */
export type TokenIssuer = Pick<AuthenticatedSession, 'accountId' | 'sessionId'>;

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export function createTokenService(ctx: ServerContext) {
  // Signs the QR JWTs; what makes a JWT usable is its stored hash, the signature only proves origin.
  const jwtSecret = randomBytes(32);

  async function issue(kind: keyof typeof TOKEN_TTL_SECONDS, token: string, issuer: TokenIssuer, data: Record<string, unknown> = {}) {
    return ctx.repos.tokens.issue({
      token,
      tokenType: kind,
      accountId: issuer.accountId,
      issuedBySession: issuer.sessionId,
      data,
      ttlSeconds: TOKEN_TTL_SECONDS[kind],
      now: ctx.now(),
    });
  }

  return {
    async loginToken(issuer: TokenIssuer) {
      const token = randomBytes(32).toString('hex');
      await issue('LOGIN_TOKEN', token, issuer);
      return { token, tokenExpiredInSeconds: TOKEN_TTL_SECONDS.LOGIN_TOKEN };
    },

    async otp(issuer: TokenIssuer, type: string, refreshType?: string) {
      const otp = randomOtp();
      await issue('OTP', otp, issuer, { type, ...(refreshType ? { refreshType } : {}) });
      return { otp, type };
    },

    async nextToken(issuer: TokenIssuer) {
      const token = randomBytes(32).toString('hex');
      await issue('NEXT_TOKEN', token, issuer);
      return { token, tokenRefreshTimeInSecond: TOKEN_TTL_SECONDS.NEXT_TOKEN };
    },

    async jwt(issuer: TokenIssuer, loginName: string) {
      const now = ctx.now().getTime();
      const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
      const payload = base64url(
        JSON.stringify({
          sub: String(issuer.accountId),
          name: loginName,
          jti: randomUUID(),
          iat: Math.floor(now / 1000),
          exp: Math.floor(now / 1000) + TOKEN_TTL_SECONDS.JWT,
        }),
      );
      const signature = base64url(createHmac('sha256', jwtSecret).update(`${header}.${payload}`).digest());
      const jwt = `${header}.${payload}.${signature}`;
      await issue('JWT', jwt, issuer);
      return { jwt, jwtExpiredInSeconds: TOKEN_TTL_SECONDS.JWT };
    },

    async authOtp(issuer: TokenIssuer, qrToken: string) {
      const otp = randomOtp();
      await issue('AUTH_OTP', otp, issuer, { qrToken });
      return { otp, ttlSeconds: TOKEN_TTL_SECONDS.AUTH_OTP };
    },

    /** The live (unused, unexpired) token matching the wire data, without using it. */
    async find(tokenData: TokenData): Promise<AuthToken | null> {
      const kinds = tokenData.type ? STORED_KINDS[tokenData.type] : ALL_KINDS;
      const now = ctx.now().getTime();
      for (const kind of kinds ?? []) {
        const found = await ctx.repos.tokens.find(tokenData.token, kind);
        if (!found || found.accountId === null) continue;
        if (found.remainingCount <= 0 || found.expiresAt.getTime() <= now) continue;
        if (found.status !== 'PENDING' && found.status !== 'SCANNED') continue;
        if (tokenData.systemId && found.systemId && tokenData.systemId !== found.systemId) continue;
        return found;
      }
      return null;
    },

    /** Uses the token once; null when someone else used it first. */
    consume(token: string, found: AuthToken): Promise<AuthToken | null> {
      return ctx.repos.tokens.consume(token, found.tokenType, ctx.now());
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
