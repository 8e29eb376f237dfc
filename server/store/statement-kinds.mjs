// Which statements the stores give names (parse once per session, then Bind and Execute only): plain DML.
// Shared by pglite-session.mjs (plain JavaScript, loaded by the engine's thread without a TypeScript loader) and
// postgres.ts. A statement whose tables may change shape (DDL, SET, a migration's script) is never held parsed.
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** @param {string} sql */
export function isNameable(sql) {
  return NAMEABLE.test(sql);
}
