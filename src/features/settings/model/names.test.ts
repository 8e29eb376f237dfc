import { describe, expect, it } from 'vitest';
import { checkName } from './names.ts';

describe('profile names', () => {
  it('accepts up to 30 characters for the display name and 25 for the search name and synonym', () => {
    expect(checkName('displayName', 'a'.repeat(30))).toBeNull();
    expect(checkName('displayName', 'a'.repeat(31))).toBe('settings.nameLength');
    expect(checkName('searchName', 'a'.repeat(25))).toBeNull();
    expect(checkName('searchName', 'a'.repeat(26))).toBe('settings.nameLength');
    expect(checkName('synonym', 'a'.repeat(26))).toBe('settings.nameLength');
  });

  it('counts characters as people do and refuses an empty name', () => {
    expect(checkName('searchName', '陳'.repeat(25))).toBeNull();
    expect(checkName('searchName', '😀'.repeat(25))).toBeNull();
    expect(checkName('displayName', '   ')).toBe('settings.nameLength');
  });
});
