// Builds the seed's failure envelope: {status:'failed', errMsgList:[{locale, errors:[{code, message}]}]}.
import type { ApiError } from './api-error.ts';

export interface CatalogueEntry {
  code: string;
  httpStatus: number;
  en_US: string;
  zh_TW: string;
  zh_CN: string;
}

/** Error texts by symbolic name (the names handlers throw) and by wire code. */
export type ErrorCatalogue = ReadonlyMap<string, CatalogueEntry>;

const fallback = (name: string): CatalogueEntry => ({
  code: name,
  httpStatus: 500,
  en_US: 'Unexpected server error',
  zh_TW: '伺服器發生未預期的錯誤',
  zh_CN: '服务器发生未预期的错误',
});

export function httpStatusOf(catalogue: ErrorCatalogue, name: string): number {
  return (catalogue.get(name) ?? fallback(name)).httpStatus;
}

export function failureBody(catalogue: ErrorCatalogue, error: ApiError) {
  const entry = catalogue.get(error.code) ?? fallback(error.code);
  const text = (message: string) => (error.detail ? `${message} (${error.detail})` : message);
  return {
    status: 'failed' as const,
    errMsgList: [
      { locale: 'en_US', errors: [{ code: entry.code, message: text(entry.en_US) }] },
      { locale: 'zh_TW', errors: [{ code: entry.code, message: text(entry.zh_TW) }] },
    ],
  };
}
