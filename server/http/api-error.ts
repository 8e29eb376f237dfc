// A failure a handler or the dispatcher reports to the caller: a catalogue name plus optional detail.
import type { ErrorName } from '../../generated/errors.ts';

export class ApiError extends Error {
  constructor(
    readonly code: ErrorName,
    /** Extra text appended to the catalogue message, e.g. which field failed validation. */
    readonly detail?: string,
    /** Overrides the catalogue's HTTP status. */
    readonly httpStatus?: number,
    /** Sent as `Retry-After` (seconds): when a throttled or over-limit caller may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}
