// The client's ApiTransport: seed headers, envelope encryption of the paths the server announces, multipart
// uploads (with progress through XMLHttpRequest), file responses and error lists. No React in here.
import type { ApiResult, ApiTransport, CallOptions } from '@generated/api/runtime';
import type { EndpointDescriptor } from '@generated/api/runtime';
import { getPublicApplicationProfileEndpoint } from '@generated/api/public';
import type { AesAlgorithm } from '../crypto/aes.ts';
import { deviceProof, DEVICE_PROOF_HEADER } from '../crypto/device-proof.ts';
import { isEnvelopeWire, openResponseOrFailed, sealRequestEnvelope } from '../crypto/envelope.ts';
import { clientFailure } from '../errors.ts';
import { fileResult, readJson, toApiResult, type RawResponse } from './response.ts';
import type { TransportSessionSource } from './session-source.ts';

/** Answer header of a refused call whose session another device ended: the server's logout reason. */
const SESSION_ENDED_HEADER = 'X-Session-Ended';

export interface EncryptionProfile {
  isReqEncryptedList: string[];
  isRespEncryptedList: string[];
  defaultEncryptionAlgorithm: AesAlgorithm;
}

export const PUBLIC_PROFILE_PATH = getPublicApplicationProfileEndpoint.path;

export interface HttpTransportOptions {
  /** Origin of the server, e.g. `https://chat.example.com`; '' for the page's own origin. */
  host: string;
  buildVersion: number | string;
  /** The seed makes the platform header configurable; WEB by default. */
  platform?: string;
  session: TransportSessionSource;
  fetch?: typeof fetch;
  /** Only used for calls with onUploadProgress (fetch cannot report upload progress). */
  createXhr?: () => XMLHttpRequest;
  /** Told about every 401, so the app can clear an expired session. */
  /** A 401; `endedAs` is the server's X-Session-Ended header (why the session was ended), null when it expired. */
  onUnauthorized?: (endpoint: EndpointDescriptor, endedAs: string | null) => void;
}

class NetworkError extends Error {}

const stripSlash = (path: string) => path.replace(/^\//, '');

export class HttpTransport implements ApiTransport {
  private profile: EncryptionProfile | null = null;
  private profileLoading: Promise<ApiResult<EncryptionProfile>> | null = null;

  constructor(private readonly options: HttpTransportOptions) {}

  /** Paths learned later (getApplicationProfile answers with the same lists) replace the public ones. */
  setEncryptionProfile(profile: EncryptionProfile): void {
    this.profile = profile;
  }

  encryptionProfile(): EncryptionProfile | null {
    return this.profile;
  }

  async call<Req, Res>(endpoint: EndpointDescriptor, body: Req, options?: CallOptions): Promise<ApiResult<Res>> {
    let profile: EncryptionProfile | null = this.profile;
    if (endpoint.path !== PUBLIC_PROFILE_PATH) {
      let loaded: ApiResult<EncryptionProfile>;
      try {
        loaded = await this.loadProfile(options?.signal);
      } catch (error) {
        if (error instanceof NetworkError) return clientFailure<Res>('NETWORK');
        throw error;
      }
      // Without the profile the client cannot know which calls to seal: report the profile's failure.
      if (!loaded.ok) return loaded;
      profile = loaded.data;
    }
    const path = stripSlash(endpoint.path);
    const session = this.options.session.current();

    let wire: unknown = body ?? {};
    if (profile?.isReqEncryptedList.includes(path)) {
      const { loginName, deviceSigningKey, userPublicKeyPem } = session;
      if (!loginName || !deviceSigningKey || !userPublicKeyPem) return clientFailure<Res>('ENCRYPTION');
      wire = await sealRequestEnvelope(loginName, wire, deviceSigningKey, userPublicKeyPem, profile.defaultEncryptionAlgorithm);
    }

    let response: RawResponse;
    try {
      response = await this.send(endpoint, wire, options);
    } catch (error) {
      if (error instanceof NetworkError) return clientFailure<Res>('NETWORK');
      throw error; // an abort belongs to the caller (TanStack Query cancels this way)
    }
    if (response.status === 401) this.options.onUnauthorized?.(endpoint, response.header(SESSION_ENDED_HEADER));

    const disposition = response.header('content-disposition');
    if (disposition && response.status >= 200 && response.status < 300) {
      return { ok: true, data: fileResult(await response.blob(), disposition) as Res };
    }
    let json = await readJson(response);
    // A plain `failed` body on an encrypted path (the server could not seal it) is accepted as is.
    if (profile?.isRespEncryptedList.includes(path) && isEnvelopeWire(json)) {
      const { deviceDecryptionKey, userPublicKeyPem } = session;
      json =
        deviceDecryptionKey && userPublicKeyPem
          ? ((await openResponseOrFailed(json, deviceDecryptionKey, userPublicKeyPem, profile.defaultEncryptionAlgorithm)) as Record<
              string,
              unknown
            >)
          : { status: 'failed', errMsgList: [] };
    }
    return toApiResult<Res>(json, response.status);
  }

  /** Fetches the public profile now (the login page, before its first call needs it); a failure is that call's. */
  preloadProfile(): void {
    void this.loadProfile().catch(() => undefined);
  }

  /** Fetched once before the first call; a failure is not cached, so the next call tries again. */
  private loadProfile(signal?: AbortSignal): Promise<ApiResult<EncryptionProfile>> {
    if (this.profile) return Promise.resolve({ ok: true, data: this.profile });
    if (!this.profileLoading) {
      this.profileLoading = (async (): Promise<ApiResult<EncryptionProfile>> => {
        const headers = { ...this.headers(), 'content-type': 'application/json' };
        const response = await this.post(PUBLIC_PROFILE_PATH, headers, '{}', signal);
        const result = toApiResult<Partial<EncryptionProfile>>(await readJson(response), response.status);
        if (!result.ok) return result;
        this.profile = {
          isReqEncryptedList: result.data.isReqEncryptedList ?? [],
          isRespEncryptedList: result.data.isRespEncryptedList ?? [],
          defaultEncryptionAlgorithm: result.data.defaultEncryptionAlgorithm ?? 'GCM',
        };
        return { ok: true, data: this.profile };
      })().finally(() => {
        this.profileLoading = null;
      });
    }
    return this.profileLoading;
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = {
      'Build-Version': String(this.options.buildVersion),
      'Device-Type': 'WEB',
      Platform: this.options.platform ?? 'WEB',
      'Push-Platform': 'WS',
    };
    const apiKey = this.options.session.current().apiKey;
    if (apiKey) headers['Api-Key'] = apiKey;
    return headers;
  }

  private async send(endpoint: EndpointDescriptor, wire: unknown, options?: CallOptions): Promise<RawResponse> {
    const headers = this.headers();
    const text = JSON.stringify(wire);
    let body: XMLHttpRequestBodyInit;
    if (endpoint.multipart) {
      const form = new FormData();
      form.append('payload', text);
      for (const file of options?.files ?? []) form.append('file', file);
      body = form;
    } else {
      headers['content-type'] = 'application/json';
      body = text;
    }
    // A secured call proves it comes from this login's device, not from a copy of its api key.
    const { apiKey, deviceSigningKey } = this.options.session.current();
    if (endpoint.access === 'secured' && apiKey && deviceSigningKey) {
      headers[DEVICE_PROOF_HEADER] = await deviceProof(deviceSigningKey, { method: 'POST', path: this.urlPath(endpoint.path), body: text });
    }
    // File messages travel as JSON ciphertext, so progress is wanted for JSON bodies too.
    const createXhr = this.options.createXhr ?? (typeof XMLHttpRequest === 'undefined' ? undefined : () => new XMLHttpRequest());
    if (options?.onUploadProgress && createXhr) {
      return this.postWithProgress(createXhr(), endpoint.path, headers, body, options.onUploadProgress, options.signal);
    }
    return this.post(endpoint.path, headers, body, options?.signal);
  }

  private urlPath(path: string): string {
    return `/v3${path}`;
  }

  private url(path: string): string {
    return `${this.options.host}${this.urlPath(path)}`;
  }

  private async post(path: string, headers: Record<string, string>, body: BodyInit, signal?: AbortSignal): Promise<RawResponse> {
    const doFetch = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    try {
      response = await doFetch(this.url(path), { method: 'POST', headers, body, signal: signal ?? null });
    } catch (error) {
      if (isAbort(error, signal)) throw error;
      throw new NetworkError('fetch failed', { cause: error });
    }
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      blob: () => response.blob(),
      text: () => response.text(),
    };
  }

  private postWithProgress(
    xhr: XMLHttpRequest,
    path: string,
    headers: Record<string, string>,
    body: XMLHttpRequestBodyInit,
    onProgress: NonNullable<CallOptions['onUploadProgress']>,
    signal?: AbortSignal,
  ): Promise<RawResponse> {
    return new Promise<RawResponse>((resolve, reject) => {
      xhr.open('POST', this.url(path));
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (event) => onProgress(event.lengthComputable ? { loaded: event.loaded, total: event.total } : { loaded: event.loaded });
      xhr.onload = () => {
        const blob = xhr.response instanceof Blob ? xhr.response : new Blob([]);
        resolve({ status: xhr.status, header: (name) => xhr.getResponseHeader(name), blob: () => Promise.resolve(blob), text: () => blob.text() });
      };
      xhr.onerror = () => reject(new NetworkError('upload failed'));
      xhr.onabort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  }
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}
