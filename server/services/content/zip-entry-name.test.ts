import { describe, expect, it } from 'vitest';
import { safeEntryName, uniqueEntryName } from './zip-entry-name.ts';

describe('zip entry names of a private album', () => {
  it('never names a parent, the current folder or a path', () => {
    for (const hostile of ['..', '.', '...', '../../etc/passwd', '..\\..\\boot.ini', '/etc/passwd', 'C:\\x.png', 'a/../b.png', ' .. ', '']) {
      const name = safeEntryName(hostile);
      expect(name, JSON.stringify(hostile)).not.toMatch(/[/\\:]/);
      expect(name, JSON.stringify(hostile)).not.toMatch(/^\.|\.$/);
      expect(name.length).toBeGreaterThan(0);
    }
    expect(safeEntryName('..')).toBe('file');
    expect(safeEntryName('../../etc/passwd')).toBe('_.._.._etc_passwd');
  });

  it('replaces control characters and bidirectional overrides', () => {
    expect(safeEntryName('a\u0000b\nc\u007f.png')).toBe('a_b_c_.png');
    expect(safeEntryName('photo\u202egpj.exe')).toBe('photo_gpj.exe');
  });

  it('keeps ordinary names, including non-Latin ones, as they are', () => {
    expect(safeEntryName('ward round 3.png')).toBe('ward round 3.png');
    expect(safeEntryName('會議記錄.pdf')).toBe('會議記錄.pdf');
  });

  it('defuses Windows device names and overlong names', () => {
    expect(safeEntryName('CON')).toBe('_CON');
    expect(safeEntryName('nul.txt')).toBe('_nul.txt');
    const long = safeEntryName(`${'x'.repeat(500)}.jpeg`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.jpeg')).toBe(true);
  });

  it('makes names unique without regard to case', () => {
    const taken = new Set<string>();
    expect(['a.png', 'A.PNG', 'a.png', '..', '.', 'file'].map((n) => uniqueEntryName(n, taken))).toEqual([
      'a.png',
      'A (2).PNG',
      'a (3).png',
      'file',
      'file (2)',
      'file (3)',
    ]);
  });
});
