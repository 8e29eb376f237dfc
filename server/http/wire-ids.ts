// The one reading of wire ids. Ids travel as decimal strings (schema: string ids) and are integers in the store.
// A malformed id is the caller's mistake and always the catalogue's INVALID_INPUT, whatever the call; a well-formed
// id that names nothing (or nothing the caller may see) is the service's NOT_FOUND.
import { ApiError } from './api-error.ts';

/** Positive, no leading zero, no sign or exponent, within the integers a JavaScript number holds exactly. */
const WIRE_ID = /^[1-9]\d{0,15}$/;

export function idOrNull(value: string): number | null {
  if (!WIRE_ID.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

export function parseId(value: string, field: string): number {
  const id = idOrNull(value);
  if (id === null) throw new ApiError('INVALID_INPUT', `${field} is not an id`);
  return id;
}

/** Each id once, in first-seen order. */
export const parseIds = (values: readonly string[], field: string): number[] => [...new Set(values.map((v) => parseId(v, field)))];

export function parseOptionalId(value: string | undefined, field: string): number | null {
  return value === undefined ? null : parseId(value, field);
}
