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

export type MentionSegment = { kind: 'text' | 'mention'; text: string };

/** Splits text at each `@Name` of the mentioned names (the longest name first where one starts another). */
export function splitMentions(text: string, names: readonly string[]): MentionSegment[] {
  const wanted = [...new Set(names.filter((name) => name.length > 0))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return [{ kind: 'text', text }];
  const segments: MentionSegment[] = [];
  let plain = '';
  for (let index = 0; index < text.length; ) {
    const name = text[index] === '@' ? wanted.find((candidate) => text.startsWith(candidate, index + 1)) : undefined;
    if (name === undefined) {
      plain += text[index];
      index += 1;
      continue;
    }
    if (plain) segments.push({ kind: 'text', text: plain });
    plain = '';
    segments.push({ kind: 'mention', text: `@${name}` });
    index += name.length + 1;
  }
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments;
}
