import { describe, expect, it } from 'vitest';
import { roomTopic } from '../../generated/realtime/index.ts';
import { encodeFrame, escapeHeader, FrameDecoder, FrameError, unescapeHeader, type DecodedItem, type StompFrame } from './frames.ts';

function frames(items: DecodedItem[]): StompFrame[] {
  return items.flatMap((item) => (item.kind === 'frame' ? [item.frame] : []));
}
const text = (frame: StompFrame | undefined): string => Buffer.from(frame?.body ?? []).toString('utf8');

describe('header escaping', () => {
  it('escapes and unescapes \\r \\n \\c \\\\', () => {
    const value = 'a:b\\c\nd\re';
    expect(escapeHeader(value)).toBe('a\\cb\\\\c\\nd\\re');
    expect(unescapeHeader(escapeHeader(value))).toBe(value);
  });

  it('treats an undefined escape as a fatal error', () => {
    expect(() => unescapeHeader('bad\\t')).toThrow(FrameError);
    expect(() => unescapeHeader('trailing\\')).toThrow(FrameError);
  });

  it('round-trips escaped headers through a SEND frame', () => {
    const encoded = encodeFrame('SEND', { destination: roomTopic(1), 'x-note': 'line1\nline2:colon\\slash\r' }, '{}');
    expect(encoded.toString()).toContain('x-note:line1\\nline2\\ccolon\\\\slash\\r\n');
    const [frame] = frames(new FrameDecoder().push(encoded));
    expect(frame?.headers['x-note']).toBe('line1\nline2:colon\\slash\r');
  });

  it('does not unescape CONNECT headers (STOMP 1.2) and refuses line breaks in them when encoding', () => {
    const [frame] = frames(new FrameDecoder().push('CONNECT\naccept-version:1.2\nApi-Key:ab\\cd\n\n\0'));
    expect(frame?.headers['Api-Key']).toBe('ab\\cd');
    expect(() => encodeFrame('CONNECTED', { version: '1.2\nevil:1' })).toThrow(FrameError);
  });
});

describe('FrameDecoder', () => {
  it('reads a body by content-length, NULs included', () => {
    const body = Buffer.from([0x41, 0x00, 0x42]);
    const [frame] = frames(new FrameDecoder().push(encodeFrame('SEND', { destination: '/d' }, body)));
    expect(Buffer.from(frame!.body)).toEqual(body);
  });

  it('reads a body up to the NUL without content-length, and UTF-8 text', () => {
    const [frame] = frames(new FrameDecoder().push('SEND\ndestination:/d\n\n你好\0'));
    expect(frame?.command).toBe('SEND');
    expect(text(frame)).toBe('你好');
  });

  it('decodes several frames and heart-beats from one message', () => {
    const chunk = Buffer.concat([
      Buffer.from('\n'),
      encodeFrame('SUBSCRIBE', { id: '1', destination: '/a' }),
      Buffer.from('\r\n\n'),
      encodeFrame('SEND', { destination: '/b' }, 'x'),
      encodeFrame('DISCONNECT', { receipt: '9' }),
    ]);
    const items = new FrameDecoder().push(chunk);
    expect(items.filter((i) => i.kind === 'heartbeat')).toHaveLength(3);
    expect(frames(items).map((f) => f.command)).toEqual(['SUBSCRIBE', 'SEND', 'DISCONNECT']);
  });

  it('reassembles a frame split at every possible byte boundary', () => {
    const whole = Buffer.concat([
      encodeFrame('SEND', { destination: roomTopic(7), 'x-a': 'b:c' }, '{"k":"值"}'),
      Buffer.from('SEND\r\ndestination:/d\r\n\r\nno-length\0'),
    ]);
    for (let cut = 1; cut < whole.length; cut += 1) {
      const decoder = new FrameDecoder();
      const got = [...frames(decoder.push(whole.subarray(0, cut))), ...frames(decoder.push(whole.subarray(cut)))];
      expect(got.map(text)).toEqual(['{"k":"值"}', 'no-length']);
      expect(got[0]?.headers['x-a']).toBe('b:c');
      expect(decoder.pending).toBe(0);
    }
  });

  it('accepts CRLF line endings', () => {
    const [frame] = frames(new FrameDecoder().push('SUBSCRIBE\r\nid:0\r\ndestination:/q\r\n\r\n\0'));
    expect(frame?.headers).toMatchObject({ id: '0', destination: '/q' });
  });

  it('keeps the first of repeated headers, and a header named __proto__ as a header', () => {
    const [frame] = frames(new FrameDecoder().push('SEND\ndestination:/first\ndestination:/second\n__proto__:x\n\n\0'));
    expect(frame?.headers.destination).toBe('/first');
    expect(frame?.headers['__proto__']).toBe('x');
  });

  it.each([
    ['an unknown command', 'HELLO\n\n\0', /unknown command/],
    ['a header line without a colon', 'SEND\nnocolon\n\n\0', /malformed header/],
    ['an undefined escape', 'SEND\ndestination:a\\tb\n\n\0', /escape/],
    ['a non-numeric content-length', 'SEND\ncontent-length:abc\n\n\0', /content-length/],
    ['content-length not followed by NUL', 'SEND\ncontent-length:1\n\nab\0', /NUL/],
    ['a CR without LF', '\rX', /CR not followed/],
  ])('refuses %s', (_name, input, message) => {
    expect(() => new FrameDecoder().push(input)).toThrow(message);
  });

  it('refuses oversized bodies and headers before buffering them whole', () => {
    const decoder = new FrameDecoder({ maxBodyBytes: 10, maxHeaderBytes: 64 });
    expect(() => decoder.push('SEND\ncontent-length:11\n\n')).toThrow(/too large/);
    expect(() => new FrameDecoder({ maxBodyBytes: 10 }).push(`SEND\n\n${'x'.repeat(11)}`)).toThrow(/too large/);
    expect(() => new FrameDecoder({ maxHeaderBytes: 64 }).push(`SEND\nx:${'y'.repeat(100)}`)).toThrow(/too large/);
    expect(() => new FrameDecoder({ maxHeaders: 2 }).push('SEND\na:1\nb:2\nc:3\n\n\0')).toThrow(/too many headers/);
  });

  it('waits for more data rather than failing on an incomplete frame', () => {
    const decoder = new FrameDecoder();
    expect(decoder.push('SEND\ndestination:/d\n')).toEqual([]);
    expect(decoder.push('\nbody')).toEqual([]);
    expect(frames(decoder.push('\0')).map(text)).toEqual(['body']);
  });
});

describe('encodeFrame', () => {
  it('writes command, headers, blank line, body, NUL; content-length on bodies', () => {
    expect(encodeFrame('RECEIPT', { 'receipt-id': '7' }).toString()).toBe('RECEIPT\nreceipt-id:7\n\n\0');
    expect(encodeFrame('MESSAGE', { destination: '/q' }, '{}').toString()).toBe('MESSAGE\ndestination:/q\ncontent-length:2\n\n{}\0');
  });

  it('counts content-length in bytes, not characters', () => {
    expect(encodeFrame('MESSAGE', {}, '你').toString()).toContain('content-length:3\n');
  });
});

describe('FrameDecoder under garbage', () => {
  it('either decodes or throws FrameError, never anything else, for random and mutated input', () => {
    let seed = 12345;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const valid = encodeFrame('SEND', { destination: roomTopic(1), 'x-h': 'a:b' }, '{"k":1}');
    for (let round = 0; round < 2000; round += 1) {
      const input = round % 2 === 0 ? Buffer.from(valid) : Buffer.alloc(1 + random(64));
      for (let i = 0; i < input.length; i += 1) {
        if (round % 2 === 1 || random(8) === 0) input[i] = random(256);
      }
      const decoder = new FrameDecoder({ maxBodyBytes: 256, maxHeaderBytes: 256 });
      try {
        decoder.push(input.subarray(0, random(input.length + 1)));
        decoder.push(input.subarray(0));
      } catch (error) {
        expect(error).toBeInstanceOf(FrameError);
      }
    }
  });
});
