// Device-bound proof of possession for secured calls and the socket's CONNECT (docs/security.md "Device
// proof", docs/protocol.md): the api key says which session, the `Device-Proof` header proves the caller holds
// that session's device private key. A copied api key alone is refused. RFC 9449 (DPoP) is the model, with the
// key the login already binds to the session (`devicePubKey`) instead of a JWK in every request.
import { createHash, randomUUID } from 'node:crypto';
import { rsaSign, rsaVerify } from './rsa.ts';
import { ReplayGuard } from './replay-guard.ts';

/** The HTTP header (Node lower-cases names) and the CONNECT frame header (STOMP names are case-sensitive). */
export const DEVICE_PROOF_HEADER = 'device-proof';
export const DEVICE_PROOF_STOMP_HEADER = 'Device-Proof';
/** What a CONNECT's proof signs in place of a method and a path. */
export const CONNECT_PROOF_TARGET = { method: 'CONNECT', path: '/v3/ws' } as const;
/** A proof is accepted this long either side of the server's clock (client clocks drift; proofs are per request). */
export const DEVICE_PROOF_WINDOW_MS = 2 * 60 * 1000;

export interface DeviceProof {
  ts: number;
  nonce: string;
  signature: Buffer;
}

/** `<ts>.<nonce>.<base64 signature>`: base64 and UUIDs hold no dot. */
export function parseDeviceProof(header: string | undefined): DeviceProof | null {
  if (!header || header.length > 1024) return null;
  const [ts, nonce, signature, extra] = header.split('.');
  if (extra !== undefined || !ts || !nonce || !signature || !/^\d{1,16}$/.test(ts) || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return null;
  return { ts: Number(ts), nonce, signature: Buffer.from(signature, 'base64') };
}

/** base64 of the SHA-256 of the body as sent (for a multipart call: of its `payload` part). */
export function bodyDigest(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('base64');
}

/** The signed text: method, path, ts, nonce and body digest, one per line (the client builds the same). */
export function deviceProofText(method: string, path: string, ts: number, nonce: string, digest: string): string {
  return `${method}\n${path}\n${ts}\n${nonce}\n${digest}`;
}

export type DeviceProofVerdict = 'ok' | 'missing' | 'malformed' | 'bad_signature' | 'stale_timestamp' | 'replayed_nonce';

export interface DeviceProofCheck {
  method: string;
  path: string;
  /** The body text the digest covers ('' for a CONNECT frame). */
  body: string;
  header: string | undefined;
  devicePublicKeyPem: string;
}

/**
 * Verifies proofs. Seen nonces are remembered in this process only: a replay would need a whole signed request
 * captured off the wire within the window, and a durable nonce per call would add a database write to every
 * call (the envelopes of message and key calls keep their durable nonces).
 */
export class DeviceProofVerifier {
  private readonly guard: ReplayGuard;

  constructor(options: { now?: () => number } = {}) {
    this.guard = new ReplayGuard({ windowMs: DEVICE_PROOF_WINDOW_MS, ...(options.now ? { now: options.now } : {}) });
  }

  verify(check: DeviceProofCheck): DeviceProofVerdict {
    if (check.header === undefined || check.header === '') return 'missing';
    const proof = parseDeviceProof(check.header);
    if (!proof) return 'malformed';
    const text = deviceProofText(check.method, check.path, proof.ts, proof.nonce, bodyDigest(check.body));
    let valid = false;
    try {
      valid = rsaVerify(check.devicePublicKeyPem, Buffer.from(text, 'utf8'), proof.signature);
    } catch {
      valid = false; // an unreadable session key proves nothing
    }
    if (!valid) return 'bad_signature';
    // Only a verified proof may spend a nonce, or anyone could burn the nonces of others.
    return this.guard.check(proof.ts, proof.nonce);
  }
}

/** A proof made in Node, for clients that hold the device key as PEM (tests, benchmarks, tools). */
export function makeDeviceProof(
  privateKeyPem: string,
  target: { method: string; path: string; body: string },
  now: number = Date.now(),
  nonce: string = randomUUID(),
): string {
  const text = deviceProofText(target.method, target.path, now, nonce, bodyDigest(target.body));
  return `${now}.${nonce}.${rsaSign(privateKeyPem, Buffer.from(text, 'utf8')).toString('base64')}`;
}
