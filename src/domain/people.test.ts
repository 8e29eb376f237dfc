import { describe, expect, it } from 'vitest';
import { personMatches } from './people.ts';

describe('personMatches', () => {
  const dan = { userFullname: 'Dan Ho', loginName: 'dan.ho', customDisplayName: 'Danny', searchName: 'HoD', synonym: '夜貓 Owl' };

  it('matches any of the names, any part, ignoring case and surrounding spaces', () => {
    for (const query of ['dan h', 'DAN.HO', 'danny', 'hod', ' owl ', '夜貓']) expect(personMatches(dan, query)).toBe(true);
    expect(personMatches(dan, 'carol')).toBe(false);
  });

  it('matches everyone on an empty query and copes with missing names', () => {
    expect(personMatches({ userFullname: 'Dan Ho' }, '  ')).toBe(true);
    expect(personMatches({ userFullname: 'Dan Ho' }, 'owl')).toBe(false);
  });
});
