// Client-side failures in the server's shape, so the UI shows every failure the same way.
import type { ApiResult, ErrMsgList } from '@generated/api/runtime';
import { LangIdValues } from '@generated/types/enums';
import type { ErrMsgEntry, LangId } from '@generated/types/index';

/** Codes the client itself produces; they never come from the server (whose codes are UI_IM_Exxxx). */
export const clientErrorCodes = {
  NETWORK: 'NETWORK',
  ENCRYPTION: 'ENCRYPTION',
  BAD_RESPONSE: 'BAD_RESPONSE',
} as const;

export type ClientErrorCode = keyof typeof clientErrorCodes;

const texts: Record<ClientErrorCode, Record<LangId, string>> = {
  NETWORK: { en_US: 'Cannot connect to server', zh_TW: '無法連接伺服器', zh_CN: '无法连接服务器' },
  ENCRYPTION: { en_US: 'Cannot encrypt the request, please login again', zh_TW: '無法加密請求，請重新登入', zh_CN: '无法加密请求，请重新登录' },
  BAD_RESPONSE: { en_US: 'Unexpected response from server', zh_TW: '伺服器回應無效', zh_CN: '服务器响应无效' },
};

export function clientErrMsgList(code: ClientErrorCode): ErrMsgList {
  // The generated code union lists server codes only; client codes share the entry shape on purpose.
  const entryCode = code as unknown as ErrMsgEntry['code'];
  return LangIdValues.map((locale) => ({
    locale,
    errors: [{ code: entryCode, message: texts[code][locale] }],
  }));
}

export function clientFailure<T>(code: ClientErrorCode, httpStatus?: number): ApiResult<T> {
  return httpStatus === undefined
    ? { ok: false, status: 'failed', errMsgList: clientErrMsgList(code) }
    : { ok: false, status: 'failed', errMsgList: clientErrMsgList(code), httpStatus };
}

/** What a failed call carries, as a failed result or a thrown ApiCallError: its errors and, if answered, the status. */
export interface CallFailure {
  errMsgList: ErrMsgList;
  httpStatus?: number | undefined;
}

/** The first error code of a failure (any locale group carries the same codes). */
export function failureCode(failure: CallFailure): string | undefined {
  return failure.errMsgList.find((group) => group.errors.length > 0)?.errors[0]?.code;
}

/** The first error code of a failed result. */
export function firstErrorCode(result: ApiResult<unknown>): string | undefined {
  return result.ok ? undefined : failureCode(result);
}

/** The server was not reached, or failed (network, 5xx): it said nothing of the request itself, so it may be tried again. */
export function serverNotReached(failure: CallFailure): boolean {
  return failureCode(failure) === clientErrorCodes.NETWORK || (failure.httpStatus ?? 0) >= 500;
}

export function isNetworkFailure(result: ApiResult<unknown>): boolean {
  return firstErrorCode(result) === clientErrorCodes.NETWORK;
}

/** The message of an error list in the wanted locale, falling back to en_US, then any. */
export function errorMessage(errMsgList: ErrMsgList, locale: string): string | undefined {
  const group =
    errMsgList.find((g) => g.locale === locale && g.errors.length > 0) ??
    errMsgList.find((g) => g.locale === 'en_US' && g.errors.length > 0) ??
    errMsgList.find((g) => g.errors.length > 0);
  return group?.errors[0]?.message;
}
