// Splits text from other people into plain text and safe links; only http and https ever become links.
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const urlPattern = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
// Punctuation that usually ends a sentence rather than a URL.
const trailing = /[.,;:!?)\]}'"»」』。，；：！？]+$/;

export function safeHref(candidate: string): string | null {
  const withScheme = /^www\./i.test(candidate) ? `https://${candidate}` : candidate;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const start = match.index ?? 0;
    let raw = match[0];
    const tail = raw.match(trailing)?.[0] ?? '';
    if (tail) raw = raw.slice(0, raw.length - tail.length);
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'link', text: raw, href });
    last = start + raw.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}
