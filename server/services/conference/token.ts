// Media join tokens: a JWT signed with the server's Ed25519 key (alg EdDSA), naming the conference, the
// room, the account and an expiry. A media server (an SFU) admits a connection only with a valid token
// and checks it with the public key alone, so it cannot mint tokens itself (docs/server-services.md).
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import type { Queryable } from '../../store/db.ts';
import { conferenceKeyStore, type SigningKey } from '../../store/repos/conference-keys.ts';

/** How long a join token stays valid. */
export const TOKEN_TTL_SECONDS = 600;
export const TOKEN_ISSUER = 'chatgen';
export const TOKEN_AUDIENCE = 'chatgen-media';

export interface JoinClaims {
  iss: string;
  aud: string;
  /** account id */
  sub: string;
  /** conference uuid */
  conf: string;
  room: string;
  /** VOICE or VIDEO */
  media: string;
  /** seconds since the epoch */
  iat: number;
  exp: number;
  jti: string;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** The signing key, made and stored on first use (a racing second maker keeps the first one). */
export async function signingKey(q: Queryable): Promise<SigningKey> {
  const keys = conferenceKeyStore(q);
  const existing = await keys.find();
  if (existing) return existing;
  const pair = generateKeyPairSync('ed25519');
  await keys.insertIfAbsent({
    keyId: randomUUID(),
    privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  const made = await keys.find();
  if (!made) throw new Error('the conference signing key could not be stored');
  return made;
}

export function mintJoinToken(key: SigningKey, claims: Omit<JoinClaims, 'iss' | 'aud' | 'iat' | 'exp' | 'jti'>, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const payload: JoinClaims = { iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, ...claims, iat, exp: iat + TOKEN_TTL_SECONDS, jti: randomUUID() };
  const head = b64url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT', kid: key.keyId }));
  const body = b64url(JSON.stringify(payload));
  const signature = sign(null, Buffer.from(`${head}.${body}`), createPrivateKey(key.privateKeyPem));
  return `${head}.${body}.${b64url(signature)}`;
}

/** What a media server does with a token: the claims when the signature holds and it has not expired, else null. */
export function verifyJoinToken(publicKeyPem: string, token: string, now: Date): JoinClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head = '', body = '', signature = ''] = parts;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
    if (header.alg !== 'EdDSA') return null;
    const valid = verify(null, Buffer.from(`${head}.${body}`), createPublicKey(publicKeyPem), Buffer.from(signature, 'base64url'));
    if (!valid) return null;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as JoinClaims;
    if (claims.aud !== TOKEN_AUDIENCE || claims.iss !== TOKEN_ISSUER) return null;
    return claims.exp > now.getTime() / 1000 ? claims : null;
  } catch {
    return null;
  }
}

export type { SigningKey };
