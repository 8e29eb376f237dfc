import type { Problem } from './problems.ts';

/** A mistake in how the command was called (unknown option, missing ids, bad --root): exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * A problem the user can fix in schema/ or variants/ (unreadable file, unknown id, an invalid project): exit
 * code 1, no stack. `problems` are printed one line each after the message.
 */
export class ChatgenError extends Error {
  override name = 'ChatgenError';

  constructor(
    message: string,
    readonly problems: readonly Problem[] = [],
  ) {
    super(message);
  }
}
