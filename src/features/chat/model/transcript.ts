// Exports people can read. The server's exports and archives hold the messages as stored (ciphertext): the client
// turns them into a transcript (one line per message, oldest first, the seed's date format) and, for bundles with
// attachments, a zip of the transcript and the decrypted files under their own names. Pure parts only.

/** The seed's date format (YYYY/MM/DD HH:mm:ss), in the reader's time zone. */
export function stamp(epochMs: number): string {
  const date = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}/${two(date.getMonth() + 1)}/${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

export interface TranscriptLine {
  at?: number;
  sender: string;
  text: string;
  /** The attachment's path inside the export zip, when it has one. */
  file?: string;
}

export interface TranscriptHead {
  title: string;
  /** The heading's second line, e.g. 'Exported 2026/11/26 04:00:00'. */
  subtitle: string;
}

/** The transcript's text: the heading, a blank line, then one line per message (continuation lines indented). */
export function transcriptText(head: TranscriptHead, lines: readonly TranscriptLine[]): string {
  const body = lines.map((line) => {
    const when = line.at !== undefined ? `[${stamp(line.at)}] ` : '';
    const text = line.text.replace(/\r\n?/g, '\n').split('\n').join('\n    ');
    return `${when}${line.sender}: ${text}${line.file ? ` (${line.file})` : ''}`;
  });
  return [head.title, head.subtitle, '', ...body, ''].join('\n');
}

// Bidi and other control characters, and what file systems refuse in a name.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069<>:"/\\|?*]/g;

/** A name that is safe as a file name on any system, never empty, never a dot file or a path. */
export function safeFileName(name: string, fallback = 'chat'): string {
  const cleaned = name.replace(UNSAFE, '_').replace(/^[.\s]+|[.\s]+$/g, '').slice(0, 100);
  return cleaned === '' ? fallback : cleaned;
}

/** A unique path for an attachment inside the readable zip: files/<message id>-<its name>. */
export function attachmentEntry(messageId: string, filename: string | undefined): string {
  return `files/${safeFileName(messageId, 'message')}-${safeFileName(filename ?? '', 'file')}`;
}

/** The document inside a server bundle (exportmessagesandfiles: messages.json, archives: archive.json). */
export interface ServerBundle<M> {
  roomName?: string;
  messages: M[];
  /** message id → the path of its stored (encrypted) attachment inside the bundle. */
  attachments: Record<string, string>;
}

/** Finds and reads the bundle's JSON document; null when the zip is not one of the server's bundles. */
export function readServerBundle<M>(entries: Record<string, Uint8Array>): ServerBundle<M> | null {
  const name = ['messages.json', 'archive.json'].find((candidate) => candidate in entries);
  if (!name) return null;
  try {
    const parsed = JSON.parse(new TextDecoder().decode(entries[name])) as Partial<ServerBundle<M>>;
    if (!Array.isArray(parsed.messages)) return null;
    const attachments = typeof parsed.attachments === 'object' && parsed.attachments !== null ? parsed.attachments : {};
    return { ...(typeof parsed.roomName === 'string' ? { roomName: parsed.roomName } : {}), messages: parsed.messages, attachments };
  } catch {
    return null;
  }
}

/** Oldest first, as a transcript reads; messages without a date keep their place at the end. */
export function oldestFirst<M extends { messageCreateDate?: number }>(messages: readonly M[]): M[] {
  return [...messages].sort((a, b) => (a.messageCreateDate ?? Number.MAX_SAFE_INTEGER) - (b.messageCreateDate ?? Number.MAX_SAFE_INTEGER));
}
