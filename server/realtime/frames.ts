/**
 * STOMP 1.2 frame codec. Frames are `COMMAND\n(header:value\n)*\n body NUL`, optionally followed by
 * EOLs (heart-beats). Header values are escaped (\r \n \c \\) except in CONNECT and CONNECTED frames.
 * A body is read by `content-length` when given, else up to the first NUL. The decoder keeps a partial
 * frame across WebSocket messages and is bounded: it refuses oversized frames before buffering them.
 */

export const CLIENT_COMMANDS = [
  'CONNECT', 'STOMP', 'SEND', 'SUBSCRIBE', 'UNSUBSCRIBE', 'ACK', 'NACK', 'BEGIN', 'COMMIT', 'ABORT', 'DISCONNECT',
] as const;
export const SERVER_COMMANDS = ['CONNECTED', 'MESSAGE', 'RECEIPT', 'ERROR'] as const;
export type ClientCommand = (typeof CLIENT_COMMANDS)[number];
export type ServerCommand = (typeof SERVER_COMMANDS)[number];
export type StompCommand = ClientCommand | ServerCommand;

const COMMANDS: ReadonlySet<string> = new Set<string>([...CLIENT_COMMANDS, ...SERVER_COMMANDS]);
const UNESCAPED_COMMANDS: ReadonlySet<string> = new Set(['CONNECT', 'CONNECTED']);

/** Headers in arrival order; on a repeated name the first one counts (STOMP 1.2). */
export type StompHeaders = Record<string, string>;

export interface StompFrame {
  command: StompCommand;
  headers: StompHeaders;
  body: Uint8Array;
}

export type DecodedItem = { kind: 'frame'; frame: StompFrame } | { kind: 'heartbeat' };

export class FrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameError';
  }
}

export interface DecoderLimits {
  /** command line + headers */
  maxHeaderBytes: number;
  maxHeaders: number;
  maxBodyBytes: number;
}

export const DEFAULT_LIMITS: DecoderLimits = { maxHeaderBytes: 16 * 1024, maxHeaders: 64, maxBodyBytes: 1024 * 1024 };

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

export function newHeaders(): StompHeaders {
  // No prototype: a header called "__proto__" must stay a header.
  return Object.create(null) as StompHeaders;
}

const NEEDS_ESCAPE = /[\\\r\n:]/;

export function escapeHeader(value: string): string {
  // Most values (ids, destinations) need nothing: a test is cheaper than a replace with a callback.
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));
}

export function unescapeHeader(value: string): string {
  return value.replace(/\\(.?)/gs, (_m, c: string) => {
    switch (c) {
      case 'r': return '\r';
      case 'n': return '\n';
      case 'c': return ':';
      case '\\': return '\\';
      default: throw new FrameError(`undefined escape sequence \\${c} in header`);
    }
  });
}

/** Encodes one frame. A non-empty body always gets a content-length, so it may contain NULs. */
export function encodeFrame(command: StompCommand, headers: Record<string, string> = {}, body: Uint8Array | string = ''): Buffer {
  const bodyBytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  const escape = UNESCAPED_COMMANDS.has(command) ? rawHeader : escapeHeader;
  let head = `${command}\n`;
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'content-length') continue;
    head += `${escape(name)}:${escape(value)}\n`;
  }
  if (bodyBytes.length > 0 || command === 'SEND' || command === 'MESSAGE') {
    head += `content-length:${bodyBytes.length}\n`;
  }
  return Buffer.concat([Buffer.from(`${head}\n`, 'utf8'), bodyBytes, Buffer.from([NUL])]);
}

/** `name:value\n` for each header, escaped as every frame but CONNECT and CONNECTED is (a MESSAGE's parts). */
export function headerLines(headers: Record<string, string>): string {
  let lines = '';
  for (const [name, value] of Object.entries(headers)) lines += `${escapeHeader(name)}:${escapeHeader(value)}\n`;
  return lines;
}

/** CONNECT and CONNECTED cannot escape, so a line break would forge a header: refuse it. */
function rawHeader(value: string): string {
  if (/[\r\n]/.test(value)) throw new FrameError('line break in a CONNECT/CONNECTED header');
  return value;
}

export const HEARTBEAT = '\n';

/** Incremental decoder for one connection. `push` throws FrameError; the connection must then end. */
export class FrameDecoder {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly limits: DecoderLimits;

  constructor(limits: Partial<DecoderLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** Bytes held for an incomplete frame. */
  get pending(): number {
    return this.buffer.length;
  }

  push(chunk: Uint8Array | string): DecodedItem[] {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.buffer = this.buffer.length === 0 ? Buffer.from(bytes) : Buffer.concat([this.buffer, bytes]);
    const items: DecodedItem[] = [];
    for (;;) {
      const item = this.next();
      if (item === null) break;
      items.push(item);
    }
    return items;
  }

  private next(): DecodedItem | null {
    const buf = this.buffer;
    if (buf.length === 0) return null;
    // EOLs between frames are heart-beats.
    if (buf[0] === LF) {
      this.buffer = buf.subarray(1);
      return { kind: 'heartbeat' };
    }
    if (buf[0] === CR) {
      if (buf.length < 2) return null;
      if (buf[1] !== LF) throw new FrameError('CR not followed by LF');
      this.buffer = buf.subarray(2);
      return { kind: 'heartbeat' };
    }
    const headEnd = findHeadEnd(buf, this.limits.maxHeaderBytes);
    if (headEnd === null) {
      if (buf.length > this.limits.maxHeaderBytes) throw new FrameError('frame headers too large');
      return null;
    }
    const { command, headers } = this.parseHead(buf.subarray(0, headEnd.start));
    const bodyStart = headEnd.end;
    const lengthText = headers['content-length'];
    let bodyEnd: number;
    if (lengthText !== undefined) {
      if (!/^\d{1,10}$/.test(lengthText)) throw new FrameError('invalid content-length');
      const length = Number(lengthText);
      if (length > this.limits.maxBodyBytes) throw new FrameError('frame body too large');
      if (buf.length < bodyStart + length + 1) return null;
      bodyEnd = bodyStart + length;
      if (buf[bodyEnd] !== NUL) throw new FrameError('frame body not terminated by NUL after content-length');
    } else {
      const nul = buf.indexOf(NUL, bodyStart);
      if (nul === -1) {
        if (buf.length - bodyStart > this.limits.maxBodyBytes) throw new FrameError('frame body too large');
        return null;
      }
      bodyEnd = nul;
    }
    const body = Buffer.from(buf.subarray(bodyStart, bodyEnd));
    this.buffer = buf.subarray(bodyEnd + 1);
    return { kind: 'frame', frame: { command, headers, body } };
  }

  private parseHead(head: Buffer): { command: StompCommand; headers: StompHeaders } {
    const text = decodeUtf8(head);
    const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
    const command = lines[0] ?? '';
    if (!COMMANDS.has(command)) throw new FrameError(`unknown command ${JSON.stringify(command.slice(0, 32))}`);
    const headers = newHeaders();
    const raw = UNESCAPED_COMMANDS.has(command);
    const headerLines = lines.slice(1);
    if (headerLines.length > this.limits.maxHeaders) throw new FrameError('too many headers');
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new FrameError('malformed header line');
      const name = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
      const value = raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1));
      if (!(name in headers)) headers[name] = value;
    }
    return { command: command as StompCommand, headers };
  }
}

/** Finds the blank line ending the headers: LF LF or LF CR LF. Returns null when not (yet) present. */
function findHeadEnd(buf: Buffer, limit: number): { start: number; end: number } | null {
  const max = Math.min(buf.length, limit + 3);
  let from = 0;
  for (;;) {
    const lf = buf.indexOf(LF, from);
    if (lf === -1 || lf >= max) return null;
    const next = buf[lf + 1];
    if (next === undefined) return null; // may complete with the next chunk
    if (next === LF) return { start: lf, end: lf + 2 };
    if (next === CR) {
      const after = buf[lf + 2];
      if (after === undefined) return null;
      if (after === LF) return { start: lf, end: lf + 3 };
    }
    from = lf + 1;
  }
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new FrameError('frame headers are not UTF-8');
  }
}

export function bodyText(frame: StompFrame): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(frame.body);
  } catch {
    throw new FrameError('frame body is not UTF-8');
  }
}
