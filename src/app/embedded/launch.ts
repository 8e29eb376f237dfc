// Embedded mode (seed sections 1 and 2): a host opens the client with `embedded=1` (or `true`) in the query string,
// where the variant allows it (IS_ALLOW_EMBEDDED_MODE). The rest of the query string is the action object (a token
// login, a room id); it is taken off the address so a reload does not try a used token again.
export const EMBEDDED_PARAM = 'embedded';

export function isEmbeddedLaunch(search: string): boolean {
  const value = new URLSearchParams(search).get(EMBEDDED_PARAM);
  return value === '1' || value === 'true';
}

/** The action object of an embedded launch: every query parameter but the embedded switch. */
export function embeddedActionObject(search: string): Record<string, string> | undefined {
  const entries = [...new URLSearchParams(search)].filter(([key]) => key !== EMBEDDED_PARAM);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
