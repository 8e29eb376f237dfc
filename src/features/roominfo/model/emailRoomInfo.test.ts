import { describe, expect, it } from 'vitest';
import { MAX_MAILTO, memberAddresses, roomMailHref } from './emailRoomInfo.ts';

const andMore = (count: number) => `… and ${count} more`;

describe('email-room info', () => {
  it('addresses the members with a plausible e-mail, each once, and names the room as the subject', () => {
    const members = [
      { name: 'Alice Chan', email: 'alice@example.org' },
      { name: 'Bob', email: 'ALICE@example.org' },
      { name: 'Carol' },
      { name: 'Mallory', email: 'x@y.org>,evil@z.org' },
      { name: 'Dan', email: 'dan@example.org' },
    ];
    expect(memberAddresses(members)).toEqual(['alice@example.org', 'dan@example.org']);
    const url = new URL(roomMailHref({ roomName: 'Ward 5 & Co', facts: ['Created 1 May 2026', '5 members'], members, andMore }));
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('alice@example.org,dan@example.org');
    expect(url.searchParams.get('subject')).toBe('Ward 5 & Co');
    expect(url.searchParams.get('body')).toBe('Ward 5 & Co\r\nCreated 1 May 2026\r\n5 members\r\n\r\nAlice Chan <alice@example.org>\r\nBob <ALICE@example.org>\r\nCarol\r\nMallory\r\nDan <dan@example.org>');
  });

  it('keeps a big room under the mailto length, saying how many members were left out', () => {
    const members = Array.from({ length: 200 }, (_, i) => ({ name: `Member ${i}`, email: `member${i}@hospital.example.org` }));
    const href = roomMailHref({ roomName: 'Everyone', facts: [], members, andMore });
    expect(href.length).toBeLessThanOrEqual(MAX_MAILTO);
    const body = new URL(href).searchParams.get('body') ?? '';
    expect(body).toMatch(/… and \d+ more$/);
    const listed = body.split('\r\n').filter((line) => line.startsWith('Member ')).length;
    expect(body).toContain(`… and ${200 - listed} more`);
  });
});
