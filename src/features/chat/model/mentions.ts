// @mention helpers: the query being typed before the caret, and which picked mentions remain in the text.
export interface PickedMention {
  accountId: string;
  name: string;
}

/** The text after an `@` that starts the word at the caret, or null when the caret is not in a mention. */
export function mentionQuery(text: string, caret: number): string | null {
  const before = text.slice(0, caret);
  const match = before.match(/(^|\s)@([^\s@]*)$/);
  return match ? (match[2] ?? '') : null;
}

export function insertMention(text: string, caret: number, name: string): { text: string; caret: number } {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  const inserted = `@${name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

export function mentionedIds(text: string, picked: readonly PickedMention[]): string[] {
  return [...new Set(picked.filter((mention) => text.includes(`@${mention.name}`)).map((mention) => mention.accountId))];
}
