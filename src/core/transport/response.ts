// Turns an HTTP response (from fetch or XMLHttpRequest) into an ApiResult: files, envelopes, error lists.
import type { ApiResult, FileResult } from '@generated/api/runtime';
import type { ErrMsgEntry, ErrMsgList } from '@generated/types/index';
import { clientFailure } from '../errors.ts';

/** The part of a response the transport reads, so fetch and XMLHttpRequest share one path. */
export interface RawResponse {
  status: number;
  header(name: string): string | null;
  blob(): Promise<Blob>;
  text(): Promise<string>;
}

/** `filename*=UTF-8''…` (RFC 5987) wins over `filename="…"`; null when there is no disposition. */
export function filenameFromDisposition(disposition: string): string {
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(disposition) ?? /filename\s*=\s*([^;]+)/i.exec(disposition);
  return plain?.[1]?.trim() || 'download';
}

export function fileResult(blob: Blob, disposition: string): FileResult {
  return { blob, filename: filenameFromDisposition(disposition) };
}

export async function readJson(response: RawResponse): Promise<Record<string, unknown> | null> {
  try {
    const parsed: unknown = JSON.parse(await response.text());
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A plain (already opened) response body as an ApiResult. */
export function toApiResult<T>(json: Record<string, unknown> | null, httpStatus: number): ApiResult<T> {
  if (json?.status === 'success') {
    const { status: _status, ...data } = json;
    return { ok: true, data: data as T };
  }
  if (json?.status === 'failed') {
    return { ok: false, status: 'failed', errMsgList: (Array.isArray(json.errMsgList) ? json.errMsgList : []) as ErrMsgList, httpStatus };
  }
  // The seed: on HTTP errors the same structure is built from the server's `error` and `message` fields.
  if (json && (typeof json.error === 'string' || typeof json.message === 'string')) {
    const code = String(json.error ?? `HTTP_${httpStatus}`);
    const message = String(json.message ?? json.error);
    // Codes built from a foreign error body are not in the generated union; the shape is the same.
    const errors = [{ code: code as ErrMsgEntry['code'], message }];
    return { ok: false, status: 'failed', errMsgList: [{ locale: 'en_US', errors }], httpStatus };
  }
  return clientFailure<T>('BAD_RESPONSE', httpStatus);
}
