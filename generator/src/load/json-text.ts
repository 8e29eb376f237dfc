/**
 * A strict JSON reader for the files people edit by hand (variants/, schema/). JSON.parse says "Unexpected
 * token" with an offset, sometimes quoting the whole file across lines; this reader says what is wrong in
 * words, at line:column, notices duplicate keys (JSON.parse silently keeps the last) and accepts a UTF-8
 * byte-order mark while naming it. It also remembers where each value starts, so that problems found later
 * by JSON path can be given a line too.
 */
import type { JsonObject, JsonValue } from '../util/json.ts';
import { pointerSegment } from '../problems.ts';

export interface TextPosition {
  line: number;
  column: number;
}

export interface JsonTextIssue extends TextPosition {
  message: string;
}

export interface ParsedJsonText {
  /** Undefined when the text is not JSON (see `syntaxError`). */
  value?: JsonValue;
  syntaxError?: JsonTextIssue;
  /** The text started with U+FEFF (accepted). */
  bom: boolean;
  /** Keys given twice in one object, at the later occurrence, with the JSON pointer of that key. */
  duplicates: Array<JsonTextIssue & { pointer: string }>;
  /** JSON pointer → where its value starts. */
  positions: Map<string, TextPosition>;
}

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/** Line and column (both 1-based, columns in UTF-16 units) of offsets in `text`. */
export function positionFinder(text: string): (offset: number) => TextPosition {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - lineStarts[low]! + 1 };
  };
}

function describe(char: string | undefined): string {
  if (char === undefined) return 'the end of the file';
  if (char === '\n' || char === '\r') return 'a line break';
  return `'${char}'`;
}

class Reader {
  private at = 0;
  readonly duplicates: Array<{ offset: number; pointer: string; key: string; firstOffset: number }> = [];
  readonly starts = new Map<string, number>();

  constructor(private readonly text: string) {}

  parseDocument(): JsonValue {
    this.skipSpace();
    if (this.at >= this.text.length) throw new JsonSyntaxError('the file is empty (expected a JSON object)', 0);
    const value = this.parseValue('');
    this.skipSpace();
    if (this.at < this.text.length) {
      throw new JsonSyntaxError(`unexpected ${describe(this.text[this.at])} after the end of the JSON value`, this.at);
    }
    return value;
  }

  private skipSpace(): void {
    for (;;) {
      while (this.at < this.text.length && WHITESPACE.has(this.text[this.at]!)) this.at += 1;
      if (this.text.startsWith('//', this.at) || this.text.startsWith('/*', this.at)) {
        throw new JsonSyntaxError('comments are not allowed in JSON', this.at);
      }
      return;
    }
  }

  private parseValue(pointer: string): JsonValue {
    this.skipSpace();
    this.starts.set(pointer, this.at);
    const char = this.text[this.at];
    if (char === '{') return this.parseObject(pointer);
    if (char === '[') return this.parseArray(pointer);
    if (char === '"') return this.parseString();
    if (char === "'") throw new JsonSyntaxError('strings must use double quotes, not single quotes', this.at);
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return this.parseNumber();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return value;
      }
    }
    if (char === undefined) throw new JsonSyntaxError('unexpected end of the file: a value is missing (is a } or ] missing?)', this.at);
    if (char === '}' || char === ']') throw new JsonSyntaxError(`expected a value before '${char}'`, this.at);
    const word = /^[A-Za-z_]\w*/.exec(this.text.slice(this.at, this.at + 40))?.[0];
    const what = word ? `'${word}'` : describe(char);
    throw new JsonSyntaxError(`unexpected ${what}: expected a string, number, true, false, null, object or array`, this.at);
  }

  private parseObject(pointer: string): JsonObject {
    const out: JsonObject = {};
    const seen = new Map<string, number>();
    this.at += 1; // {
    this.skipSpace();
    if (this.text[this.at] === '}') {
      this.at += 1;
      return out;
    }
    for (;;) {
      this.skipSpace();
      const keyOffset = this.at;
      const char = this.text[this.at];
      if (char === '}') throw new JsonSyntaxError('trailing comma before } (JSON allows no comma after the last member)', this.lastComma());
      if (char === "'") throw new JsonSyntaxError('property names must use double quotes, not single quotes', this.at);
      if (char === undefined) throw new JsonSyntaxError('unexpected end of the file inside an object (is a } missing?)', this.at);
      if (char !== '"') throw new JsonSyntaxError(`expected a property name in double quotes, found ${describe(char)}`, this.at);
      const key = this.parseString();
      const childPointer = `${pointer}/${pointerSegment(key)}`;
      const first = seen.get(key);
      if (first !== undefined) this.duplicates.push({ offset: keyOffset, pointer: childPointer, key, firstOffset: first });
      else seen.set(key, keyOffset);
      this.skipSpace();
      if (this.text[this.at] !== ':') {
        throw new JsonSyntaxError(`expected ':' after the property name "${key}", found ${describe(this.text[this.at])}`, this.at);
      }
      this.at += 1;
      // Prototype-polluting names are plain data here: define, never assign through a setter.
      Object.defineProperty(out, key, { value: this.parseValue(childPointer), enumerable: true, writable: true, configurable: true });
      this.skipSpace();
      const next = this.text[this.at];
      if (next === ',') {
        this.at += 1;
        continue;
      }
      if (next === '}') {
        this.at += 1;
        return out;
      }
      if (next === undefined) throw new JsonSyntaxError('unexpected end of the file inside an object (is a } missing?)', this.at);
      throw new JsonSyntaxError(`expected ',' or '}' after the value of "${key}", found ${describe(next)} (is a comma missing?)`, this.at);
    }
  }

  private parseArray(pointer: string): JsonValue[] {
    const out: JsonValue[] = [];
    this.at += 1; // [
    this.skipSpace();
    if (this.text[this.at] === ']') {
      this.at += 1;
      return out;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.at] === ']') throw new JsonSyntaxError('trailing comma before ] (JSON allows no comma after the last item)', this.lastComma());
      out.push(this.parseValue(`${pointer}/${out.length}`));
      this.skipSpace();
      const next = this.text[this.at];
      if (next === ',') {
        this.at += 1;
        continue;
      }
      if (next === ']') {
        this.at += 1;
        return out;
      }
      if (next === undefined) throw new JsonSyntaxError('unexpected end of the file inside an array (is a ] missing?)', this.at);
      throw new JsonSyntaxError(`expected ',' or ']' after an array item, found ${describe(next)} (is a comma missing?)`, this.at);
    }
  }

  /** Offset of the comma before the current position (for trailing-comma messages). */
  private lastComma(): number {
    let i = this.at - 1;
    while (i > 0 && this.text[i] !== ',') i -= 1;
    return i;
  }

  private parseString(): string {
    const start = this.at;
    this.at += 1; // opening quote
    let out = '';
    for (;;) {
      const char = this.text[this.at];
      if (char === undefined) throw new JsonSyntaxError('unterminated string (a closing " is missing)', start);
      if (char === '"') {
        this.at += 1;
        return out;
      }
      if (char === '\\') {
        const escape = this.text[this.at + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (escape !== undefined && escape in simple) {
          out += simple[escape];
          this.at += 2;
          continue;
        }
        if (escape === 'u' && /^[0-9A-Fa-f]{4}$/.test(this.text.slice(this.at + 2, this.at + 6))) {
          out += String.fromCharCode(parseInt(this.text.slice(this.at + 2, this.at + 6), 16));
          this.at += 6;
          continue;
        }
        throw new JsonSyntaxError(`invalid escape \\${escape ?? ''} in a string`, this.at);
      }
      if (char < ' ') {
        const what = char === '\n' || char === '\r' ? 'a line break' : 'a control character';
        throw new JsonSyntaxError(`${what} inside a string (write \\n, or close the string with ")`, this.at);
      }
      out += char;
      this.at += 1;
    }
  }

  private parseNumber(): number {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.at, this.at + 400));
    const next = this.text[this.at + (match?.[0].length ?? 0)];
    if (!match || (next !== undefined && /[0-9.eE]/.test(next))) {
      throw new JsonSyntaxError('invalid number (no leading zeros, + signs, hex or trailing dots in JSON)', this.at);
    }
    this.at += match[0].length;
    return Number(match[0]);
  }
}

export function parseJsonText(raw: string): ParsedJsonText {
  const bom = raw.charCodeAt(0) === 0xfeff;
  const text = bom ? raw.slice(1) : raw;
  const reader = new Reader(text);
  // Positions are reported in the file as an editor shows it: the BOM takes no column.
  const position = positionFinder(text);
  try {
    const value = reader.parseDocument();
    const positions = new Map([...reader.starts].map(([pointer, offset]) => [pointer, position(offset)]));
    const duplicates = reader.duplicates.map((d) => {
      const first = position(d.firstOffset);
      return {
        ...position(d.offset),
        pointer: d.pointer,
        message: `duplicate key "${d.key}" (first at line ${first.line}): JSON keeps only the last one`,
      };
    });
    return { value, bom, duplicates, positions };
  } catch (cause) {
    if (!(cause instanceof JsonSyntaxError)) throw cause;
    return { bom, duplicates: [], positions: new Map(), syntaxError: { ...position(cause.offset), message: cause.message } };
  }
}
