// A failure a handler or the dispatcher reports to the caller: an error-catalogue code plus optional detail.
export class ApiError extends Error {
  constructor(
    readonly code: string,
    /** Extra text appended to the catalogue message, e.g. which field failed validation. */
    readonly detail?: string,
    /** Overrides the catalogue's HTTP status. */
    readonly httpStatus?: number,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}
