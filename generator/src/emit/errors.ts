/** generated/errors.ts: the error catalogue of schema/errors.json; generated/error-codes.ts: its codes by name. */
import type { Contract } from '../load/contract.ts';
import { render } from './render.ts';

export function emitErrors(contract: Contract): Map<string, string> {
  const data = { entries: contract.errors.entries };
  return new Map([
    ['errors.ts', render('errors.ts', data)],
    ['error-codes.ts', render('error-codes.ts', data)],
  ]);
}
