import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { attachmentEntry, oldestFirst, readServerBundle, safeFileName, stamp, transcriptText } from './transcript.ts';

describe('transcript', () => {
  it('writes the seed date format in local time', () => {
    const at = new Date(2026, 0, 2, 3, 4, 5).getTime();
    expect(stamp(at)).toBe('2026/01/02 03:04:05');
  });

  it('puts one message a line, continuation lines indented so no message can fake another', () => {
    const at = new Date(2026, 10, 26, 9, 30, 0).getTime();
    const text = transcriptText({ title: 'Ward 7', subtitle: 'Exported 2026/11/26 10:00:00' }, [
      { at, sender: 'Alice', text: 'Hello\n[2026/11/26 09:31:00] Bob: I never said this' },
      { sender: 'Bob', text: 'Image: scan.png', file: 'files/5-scan.png' },
    ]);
    expect(text.split('\n')).toEqual([
      'Ward 7',
      'Exported 2026/11/26 10:00:00',
      '',
      '[2026/11/26 09:30:00] Alice: Hello',
      '    [2026/11/26 09:31:00] Bob: I never said this',
      'Bob: Image: scan.png (files/5-scan.png)',
      '',
    ]);
  });

  it('makes safe file names of hostile ones', () => {
    expect(safeFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeFileName('x\u202Egnp.exe')).toBe('x_gnp.exe');
    expect(safeFileName('  ...  ')).toBe('chat');
    expect(safeFileName('a'.repeat(300))).toHaveLength(100);
    expect(attachmentEntry('12', 'C:\\temp\\a.png')).toBe('files/12-C__temp_a.png');
    expect(attachmentEntry('12', undefined)).toBe('files/12-file');
  });

  it('reads the server bundle document and refuses anything else', () => {
    const doc = { roomName: 'Clinic', messages: [{ messageId: '1' }], attachments: { '1': 'files/1-a.png' } };
    expect(readServerBundle({ 'messages.json': strToU8(JSON.stringify(doc)) })).toEqual(doc);
    expect(readServerBundle({ 'archive.json': strToU8(JSON.stringify({ messages: [] })) })).toEqual({ messages: [], attachments: {} });
    expect(readServerBundle({ 'other.json': strToU8('{}') })).toBeNull();
    expect(readServerBundle({ 'messages.json': strToU8('not json') })).toBeNull();
    expect(readServerBundle({ 'messages.json': strToU8('{"messages":3}') })).toBeNull();
  });

  it('orders oldest first', () => {
    expect(oldestFirst([{ messageCreateDate: 3 }, {}, { messageCreateDate: 1 }])).toEqual([{ messageCreateDate: 1 }, { messageCreateDate: 3 }, {}]);
  });
});
