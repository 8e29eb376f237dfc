// A fetch stand-in for the reference server's HTTP rules, built on the client's own envelope code and the
// vector keys (the user's pair plays the server-held key, the device pair the login's key).
import { openEnvelope, sealEnvelope } from '../crypto/envelope.ts';
import { PUBLIC_PROFILE_PATH } from '../transport/http-transport.ts';
import { keys } from './vectors.ts';

export interface FakeRequest {
  path: string;
  headers: Record<string, string>;
  /** The JSON body as sent (an envelope on encrypted paths); the `payload` part for multipart. */
  wire: unknown;
  /** The body after opening the envelope. */
  body: unknown;
  files: File[];
}

export type FakeReply =
  | { json: object; status?: number; plain?: boolean }
  | { file: Blob; disposition: string }
  | { networkError: true };

export interface FakeServerOptions {
  encrypted?: string[];
  algorithm?: 'CBC' | 'CTR' | 'GCM';
  handle(request: FakeRequest): FakeReply | Promise<FakeReply>;
}

export function fakeServer(options: FakeServerOptions) {
  const algorithm = options.algorithm ?? 'GCM';
  const encrypted = options.encrypted ?? [];
  const requests: FakeRequest[] = [];

  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://chat.test');
    const path = url.pathname.replace(/^\/v3/, '');
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    let wire: unknown;
    const files: File[] = [];
    if (init?.body instanceof FormData) {
      wire = JSON.parse(String(init.body.get('payload')));
      for (const part of init.body.getAll('file')) if (part instanceof File) files.push(part);
    } else {
      wire = JSON.parse(String(init?.body ?? '{}'));
    }
    const isEncrypted = encrypted.includes(path.slice(1));
    let body = wire;
    if (isEncrypted) {
      const opened = await openEnvelope(wire, keys.user.privateKeyPem, keys.device.publicKeyPem, algorithm);
      if (!opened.ok) return Response.json({ status: 'failed', errMsgList: [{ locale: 'en_US', errors: [{ code: 'UI_IM_E1010', message: opened.error }] }] }, { status: 400 });
      body = opened.payload;
    }
    const request = { path, headers, wire, body, files };
    requests.push(request);
    if (path === PUBLIC_PROFILE_PATH) {
      return Response.json({ status: 'success', isReqEncryptedList: encrypted, isRespEncryptedList: encrypted, defaultEncryptionAlgorithm: algorithm });
    }
    const reply = await options.handle(request);
    if ('networkError' in reply) throw new TypeError('fetch failed');
    if ('file' in reply) return new Response(reply.file, { headers: { 'content-disposition': reply.disposition } });
    const json = isEncrypted && !reply.plain ? await sealEnvelope(reply.json, keys.user.privateKeyPem, keys.device.publicKeyPem, algorithm) : reply.json;
    return Response.json(json, { status: reply.status ?? 200 });
  };

  return { fetch: fetch as typeof globalThis.fetch, requests };
}
