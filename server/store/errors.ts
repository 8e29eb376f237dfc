// Errors of the storage layer that callers may want to tell apart.

/** Raised when `fn` swallowed a failed statement: PostgreSQL has aborted the transaction, so it cannot commit. */
export class TransactionAbortedError extends Error {
  constructor(cause: unknown) {
    super('a statement failed inside the transaction; it was rolled back', { cause });
    this.name = 'TransactionAbortedError';
  }
}

/** PostgreSQL's SQLSTATE of a failed statement, when the driver exposes it (both pglite and pg do). */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
