// Builds the seed's failure envelope: {status:'failed', errMsgList:[{locale, errors:[{code, message}]}]},
// with the en_US and zh_TW groups docs/protocol.md asks for (zh_CN texts stay available to the client catalogue).
import { errorCatalogue, errorCodeByName, type ErrorName } from '../../generated/errors.ts';
import type { ApiError } from './api-error.ts';

export const LOCALES_ON_THE_WIRE = ['en_US', 'zh_TW'] as const;

export function httpStatusOf(name: ErrorName): number {
  return errorCatalogue[errorCodeByName[name]].httpStatus;
}

export function failureBody(error: ApiError) {
  const code = errorCodeByName[error.code];
  const { texts } = errorCatalogue[code];
  const text = (message: string) => (error.detail ? `${message} (${error.detail})` : message);
  return {
    status: 'failed' as const,
    errMsgList: LOCALES_ON_THE_WIRE.map((locale) => ({ locale, errors: [{ code, message: text(texts[locale]) }] })),
  };
}
