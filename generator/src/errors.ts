/** A mistake in how the command was called (unknown option, missing ids, bad --root): exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A problem the user can fix in schema/ or variants/ (unreadable file, unknown id): exit code 1, no stack. */
export class ChatgenError extends Error {
  override name = 'ChatgenError';
}
