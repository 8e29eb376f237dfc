// The device's proof of possession on secured calls and on the socket's CONNECT (docs/protocol.md "Device proof"):
// `Device-Proof: <ts>.<nonce>.<signature>`, the signature (RSASSA-PKCS1-v1_5 SHA-256, this login's device key)
// over method, path, ts, nonce and the SHA-256 of the body as sent, one per line. A copied api key alone gets
// nothing: the key that signs is non-extractable.
import { randomUuid, subtle, toBase64, utf8Encode } from './bytes.ts';
import { rsaSign, type RsaPrivateKey } from './rsa.ts';

export const DEVICE_PROOF_HEADER = 'Device-Proof';
/** What a CONNECT's proof signs in place of a method and a path. */
export const CONNECT_PROOF_TARGET = { method: 'CONNECT', path: '/v3/ws' } as const;

export interface DeviceProofRequest {
  method: string;
  /** The URL path as requested: `/v3` and the endpoint's path. */
  path: string;
  /** The body text as sent ('' for CONNECT; a multipart call's `payload` part). */
  body: string;
}

export async function deviceProof(
  signingKey: RsaPrivateKey,
  request: DeviceProofRequest,
  now: number = Date.now(),
  nonce: string = randomUuid(),
): Promise<string> {
  const digest = toBase64(new Uint8Array(await subtle().digest('SHA-256', utf8Encode(request.body))));
  const text = `${request.method}\n${request.path}\n${now}\n${nonce}\n${digest}`;
  return `${now}.${nonce}.${toBase64(await rsaSign(signingKey, utf8Encode(text)))}`;
}
