/** generated/errors.ts: the error catalogue of schema/errors.json. */
import type { Contract } from '../load/contract.ts';
import { render } from './render.ts';

export function emitErrors(contract: Contract): Map<string, string> {
  return new Map([['errors.ts', render('errors.ts', { entries: contract.errors.entries })]]);
}
