import { describe, expect, it } from 'vitest';
import { matchesQuery } from './search.ts';

describe('client-side message search', () => {
  it('matches text, file names and structured summaries, ignoring case, never recalled messages', () => {
    expect(matchesQuery({ messageType: 'TEXT', text: 'Ward Rota today' }, 'rota')).toBe(true);
    expect(matchesQuery({ messageType: 'FILE', aesMessageFilename: 'Discharge.PDF' }, 'discharge.pdf')).toBe(true);
    expect(matchesQuery({ messageType: 'MC', text: '{"text":"Which ward?","options":[]}' }, 'WARD')).toBe(true);
    expect(matchesQuery({ messageType: 'MC', text: '{"text":"Which ward?","options":[]}' }, 'options')).toBe(false);
    expect(matchesQuery({ messageType: 'TEXT', text: 'gone', messageStatus: 'ALL_DELETED' }, 'gone')).toBe(false);
    expect(matchesQuery({ messageType: 'TEXT', text: 'anything' }, '  ')).toBe(false);
  });
});
