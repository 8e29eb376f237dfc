// The one spelling of a login name that the server compares, stores and counts by: Unicode compatibility
// normalisation (NFKC), then case folding, then NFKC again (case folding can undo a composition). JavaScript has no
// case-folding primitive; upper- then lower-casing gives the full folding of the characters a directory name can
// hold (ß → ss, final ς → σ, fullwidth Ｏ → o) and is the same on every server process, unlike the database's
// locale-dependent lower(). Every entry point that receives a login name calls this once.
export function normaliseLoginName(name: string): string {
  return name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

/** Whether two login names are the same account name. */
export function sameLoginName(a: string, b: string): boolean {
  return normaliseLoginName(a) === normaliseLoginName(b);
}
