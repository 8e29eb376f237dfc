import { describe, expect, it } from 'vitest';
import { MAX_MAILTO } from './emailRoomInfo.ts';
import { groupAddress, groupMailHref } from './emailGroup.ts';

const DOMAIN = 'groups.example.org';

describe('groupAddress', () => {
  it('puts an exact group name at the groups domain', () => {
    expect(groupAddress('ward-7.nurses', DOMAIN)).toBe('ward-7.nurses@groups.example.org');
    expect(groupAddress('  oncall  ', DOMAIN)).toBe('oncall@groups.example.org');
  });
  it('accepts the full address only in the groups domain', () => {
    expect(groupAddress('oncall@Groups.Example.org', DOMAIN)).toBe('oncall@groups.example.org');
    expect(groupAddress('oncall@evil.example.com', DOMAIN)).toBeNull();
  });
  it('refuses partial, empty and hostile names', () => {
    for (const typed of ['', '   ', 'on call', 'a,b', 'x;y', 'x?cc=boss@evil.com', 'x&bcc=a', '.lead', 'lead.', 'a..b', '<script>', 'a@', '@groups.example.org', 'x'.repeat(65)]) {
      expect(groupAddress(typed, DOMAIN), typed).toBeNull();
    }
  });
});

describe('groupMailHref', () => {
  it('addresses the group with the subject and text encoded', () => {
    expect(groupMailHref('oncall@groups.example.org', 'Ward 7 & ICU', 'Line 1\r\nLine 2')).toBe(
      'mailto:oncall@groups.example.org?subject=Ward%207%20%26%20ICU&body=Line%201%0D%0ALine%202',
    );
  });
  it('cuts a long text to what mail programs accept', () => {
    const href = groupMailHref('oncall@groups.example.org', 'Room', '病房'.repeat(2000));
    expect(href.length).toBeLessThanOrEqual(MAX_MAILTO);
    expect(href).toContain('&body=%E7%97%85');
  });
});
