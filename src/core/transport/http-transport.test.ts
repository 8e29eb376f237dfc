import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@generated/api/client';
import { endpoints } from '@generated/api/endpoints';
import { sealEnvelope } from '../crypto/envelope.ts';
import { fakeServer } from '../testing/fake-server.ts';
import { keys } from '../testing/vectors.ts';
import { HttpTransport } from './http-transport.ts';
import { filenameFromDisposition } from './response.ts';
import { MemorySessionSource } from './session-source.ts';

const SEND = 'chat/sec/message/sendaesmessage';

function setup(handle: Parameters<typeof fakeServer>[0]['handle'], encrypted: string[] = [SEND]) {
  const server = fakeServer({ encrypted, handle });
  const session = new MemorySessionSource();
  const onUnauthorized = vi.fn();
  const transport = new HttpTransport({ host: 'http://chat.test', buildVersion: 18, session, fetch: server.fetch, onUnauthorized });
  return { server, session, transport, api: createApiClient(transport), onUnauthorized };
}

const signedIn = {
  loginName: 'alice',
  apiKey: 'key-1',
  deviceSigningKey: keys.device.privateKeyPem,
  deviceDecryptionKey: keys.device.privateKeyPem,
  userPublicKeyPem: keys.user.publicKeyPem,
};

const sendBody = { roomId: '1', messageKeyUuid: 'k', type: 'TEXT', checksum: 'c', aesMessage: 'x' } as const;

describe('HttpTransport', () => {
  it('fetches the public application profile once, before the first call, and sends the seed headers', async () => {
    const { server, api, session } = setup(() => ({ json: { status: 'success', userPubKey: 'PEM' } }));
    const first = await api.getUserPubKey({ loginName: 'alice' });
    expect(first).toEqual({ ok: true, data: { userPubKey: 'PEM' } });
    session.set({ apiKey: 'key-1' });
    await api.getUserPubKey({ loginName: 'alice' });
    expect(server.requests.map((r) => r.path)).toEqual([
      '/chat/pub/application/getpublicapplicationprofile',
      '/chat/pub/authentication/getuserpubkey',
      '/chat/pub/authentication/getuserpubkey',
    ]);
    const [profile, plain, withKey] = server.requests;
    expect(profile!.headers).toMatchObject({ 'content-type': 'application/json', 'build-version': '18' });
    expect(plain!.headers).toMatchObject({ 'build-version': '18', 'device-type': 'WEB', platform: 'WEB', 'push-platform': 'WS', 'content-type': 'application/json' });
    expect(plain!.headers['api-key']).toBeUndefined();
    expect(withKey!.headers['api-key']).toBe('key-1');
    expect(plain!.body).toEqual({ loginName: 'alice' });
  });

  it('seals requests and opens responses on the listed paths', async () => {
    const { server, api, session } = setup((request) => {
      expect(request.body).toEqual(sendBody);
      return { json: { status: 'success', isRecrypted: true, messageId: '9' } };
    });
    session.set(signedIn);
    const result = await api.sendAesMessage(sendBody);
    expect(result).toEqual({ ok: true, data: { isRecrypted: true, messageId: '9' } });
    const wire = server.requests.at(-1)!.wire as Record<string, unknown>;
    expect(Object.keys(wire).sort()).toEqual(['body', 'key', 'loginName']);
    expect(wire.loginName).toBe('alice');
  });

  it('turns a response whose signature fails into an empty failed', async () => {
    const forged = await sealEnvelope({ status: 'success', messageId: '9' }, keys.device.privateKeyPem, keys.device.publicKeyPem, 'GCM');
    const { api, session } = setup(() => ({ json: forged, plain: true }));
    session.set(signedIn);
    expect(await api.sendAesMessage(sendBody)).toEqual({ ok: false, status: 'failed', errMsgList: [], httpStatus: 200 });
  });

  it('accepts a plain failed body on an encrypted path as is', async () => {
    const errMsgList = [{ locale: 'en_US', errors: [{ code: 'UI_IM_E1002', message: 'Session Timeout, Please request login again' }] }];
    const { api, session, onUnauthorized } = setup(() => ({ json: { status: 'failed', errMsgList }, status: 401, plain: true }));
    session.set(signedIn);
    expect(await api.sendAesMessage(sendBody)).toEqual({ ok: false, status: 'failed', errMsgList, httpStatus: 401 });
    // No X-Session-Ended header: an expiry (src/core/session/login-flow.server.test.ts has the server's header).
    expect(onUnauthorized).toHaveBeenCalledWith(endpoints.sendAesMessage, null);
  });

  it('refuses to send an encrypted path in clear when the session has no keys', async () => {
    const { api, server } = setup(() => ({ json: { status: 'success' } }));
    const result = await api.sendAesMessage(sendBody);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errMsgList[0]!.errors[0]!.code).toBe('ENCRYPTION');
    expect(server.requests.map((r) => r.path)).not.toContain('/chat/sec/message/sendaesmessage');
  });

  it('keeps the errMsgList of an HTTP error and builds one from error/message bodies', async () => {
    const errMsgList = [{ locale: 'en_US', errors: [{ code: 'UI_IM_E1000', message: 'Input not valid, please check' }] }];
    let reply: object = { status: 'failed', errMsgList };
    const { api } = setup(() => ({ json: reply, status: 400 }));
    expect(await api.getUserPubKey({ loginName: '' })).toEqual({ ok: false, status: 'failed', errMsgList, httpStatus: 400 });
    reply = { statusCode: 413, error: 'Payload Too Large', message: 'request body too large' };
    expect(await api.getUserPubKey({ loginName: '' })).toEqual({
      ok: false,
      status: 'failed',
      errMsgList: [{ locale: 'en_US', errors: [{ code: 'Payload Too Large', message: 'request body too large' }] }],
      httpStatus: 400,
    });
  });

  it('turns a network error into a failed result with a client-side error list', async () => {
    const { api } = setup(() => ({ networkError: true }));
    const result = await api.getUserPubKey({ loginName: 'alice' });
    expect(result).toMatchObject({ ok: false, status: 'failed' });
    expect(!result.ok && result.errMsgList.find((g) => g.locale === 'en_US')!.errors[0]).toEqual({ code: 'NETWORK', message: 'Cannot connect to server' });
  });

  it('reports a network failure of the profile call the same way and tries the profile again later', async () => {
    let down = true;
    const server = fakeServer({ handle: () => ({ json: { status: 'success', userPubKey: 'P' } }) });
    const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      if (down) throw new TypeError('fetch failed');
      return server.fetch(input, init);
    });
    const api = createApiClient(new HttpTransport({ host: '', buildVersion: 18, session: new MemorySessionSource(), fetch }));
    expect((await api.getUserPubKey({ loginName: 'a' })).ok).toBe(false);
    down = false;
    expect(await api.getUserPubKey({ loginName: 'a' })).toEqual({ ok: true, data: { userPubKey: 'P' } });
    expect(String(fetch.mock.calls[0]![0])).toBe('/v3/chat/pub/application/getpublicapplicationprofile');
  });

  it('fails a call whose encryption profile cannot be loaded, with the error list of the profile call', async () => {
    const errMsgList = [{ locale: 'en_US', errors: [{ code: 'UI_IM_E1000', message: 'Input not valid, please check' }] }];
    const fetch = vi.fn(async () => Response.json({ status: 'failed', errMsgList }, { status: 400 }));
    const api = createApiClient(new HttpTransport({ host: '', buildVersion: 18, session: new MemorySessionSource(), fetch }));
    expect(await api.login({ loginName: 'a', devicePubKey: 'p', deviceID: 'd' })).toEqual({ ok: false, status: 'failed', errMsgList, httpStatus: 400 });
    expect(fetch).toHaveBeenCalledTimes(1); // nothing sent in clear
  });

  it('passes an abort through to the caller', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(async () => {
      controller.abort();
      throw new DOMException('Aborted', 'AbortError');
    });
    const api = createApiClient(new HttpTransport({ host: '', buildVersion: 18, session: new MemorySessionSource(), fetch }));
    await expect(api.getUserPubKey({ loginName: 'a' }, { signal: controller.signal })).rejects.toThrow(/Abort/);
  });

  it('returns {blob, filename} when a content-disposition header exists, preferring filename*', async () => {
    const { api, session } = setup(() => ({
      file: new Blob(['bytes']),
      disposition: `attachment; filename="_.pdf"; filename*=UTF-8''${encodeURIComponent('會議 記錄.pdf')}`,
    }));
    session.set(signedIn);
    const result = await api.downloadAesFile({ messageId: '1', roomId: '1', isPreview: false });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const file = result.data as unknown as { blob: Blob; filename: string };
    expect(file.filename).toBe('會議 記錄.pdf');
    expect(await file.blob.text()).toBe('bytes');
  });

  it('reads plain and unquoted filenames', () => {
    expect(filenameFromDisposition('attachment; filename="a b.txt"')).toBe('a b.txt');
    expect(filenameFromDisposition('attachment; filename=c.txt')).toBe('c.txt');
    expect(filenameFromDisposition('attachment')).toBe('download');
  });

  it('sends multipart calls as a payload JSON part and file parts', async () => {
    const { transport, server, session } = setup(() => ({ json: { status: 'success', fileId: 'f1' } }));
    session.set(signedIn);
    const multipart = Object.values(endpoints).find((e) => e.multipart)!;
    const files = [new File(['one'], 'a.png'), new File(['two'], 'b.png')];
    const result = await transport.call(multipart, { roomId: '1' }, { files });
    expect(result.ok).toBe(true);
    const request = server.requests.at(-1)!;
    expect(request.files.map((f) => f.name)).toEqual(['a.png', 'b.png']);
    expect(request.wire).toEqual({ roomId: '1' });
    // fetch sets multipart/form-data with its boundary itself; a JSON content type would break the upload
    expect(request.headers['content-type']).toBeUndefined();
  });

  it('reports upload progress through XMLHttpRequest when asked', async () => {
    const session = new MemorySessionSource();
    session.set(signedIn);
    const sent: { url?: string; headers: Record<string, string>; body?: unknown } = { headers: {} };
    class FakeXhr {
      status = 0;
      response: unknown = null;
      responseType = '';
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(_method: string, url: string) {
        sent.url = url;
      }
      setRequestHeader(name: string, value: string) {
        sent.headers[name] = value;
      }
      getResponseHeader() {
        return null;
      }
      abort() {}
      send(body: unknown) {
        sent.body = body;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 });
        this.status = 200;
        this.response = new Blob([JSON.stringify({ status: 'success', ok: 1 })]);
        this.onload?.();
      }
    }
    const server = fakeServer({ handle: () => ({ json: { status: 'success' } }) });
    const transport = new HttpTransport({
      host: 'http://chat.test',
      buildVersion: 18,
      session,
      fetch: server.fetch,
      createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
    });
    const multipart = Object.values(endpoints).find((e) => e.multipart)!;
    const progress = vi.fn();
    const result = await transport.call(multipart, { roomId: '1' }, { files: [new Blob(['x'])], onUploadProgress: progress });
    expect(result).toEqual({ ok: true, data: { ok: 1 } });
    expect(progress.mock.calls).toEqual([[{ loaded: 5, total: 10 }], [{ loaded: 10, total: 10 }]]);
    expect(sent.url).toBe(`http://chat.test/v3${multipart.path}`);
    expect(sent.headers).toMatchObject({ 'Api-Key': 'key-1', 'Build-Version': '18' });
    expect(sent.body).toBeInstanceOf(FormData);

    // A JSON call (a file message's ciphertext travels in JSON) reports progress the same way.
    const plain = Object.values(endpoints).find((e) => !e.multipart && !e.returnsFile && e.access === 'secured' && !e.encryptedByDefault)!;
    progress.mockClear();
    await transport.call(plain, { roomId: '1' }, { onUploadProgress: progress });
    expect(progress).toHaveBeenCalledTimes(2);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toBe(JSON.stringify({ roomId: '1' }));
  });
});
