import { describe, expect, it } from 'vitest';
import type { AccountProfileAttribute } from '@generated/types/index';
import { checkProfileValue, editableProfileTypes } from './profileFields.ts';

describe('my profile fields', () => {
  it('lets me change only what the server marks editable, never the login name or the tenant', () => {
    const attributes: AccountProfileAttribute[] = [
      { type: 'EMAIL', isEditable: true },
      { type: 'TEL', isEditable: false },
      { type: 'LOGIN_NAME', isEditable: true },
      { type: 'TENANT', isEditable: true },
      { type: 'NAME', isEditable: true },
    ];
    expect([...editableProfileTypes(attributes)].sort()).toEqual(['EMAIL', 'NAME']);
    expect(editableProfileTypes(undefined).size).toBe(0);
  });

  it("checks a value as the server does: a name is required, an e-mail address is one, 256 characters at most", () => {
    expect(checkProfileValue('NAME', '  ')).toBe('errors.inputNotValid');
    expect(checkProfileValue('NAME', 'Mary Lee')).toBeNull();
    expect(checkProfileValue('EMAIL', 'mary.lee')).toBe('errors.inputNotValid');
    expect(checkProfileValue('EMAIL', 'mary@ward 7')).toBe('errors.inputNotValid');
    expect(checkProfileValue('EMAIL', 'mary@example.org')).toBeNull();
    expect(checkProfileValue('EMAIL', '')).toBeNull(); // clears it
    expect(checkProfileValue('FAX', '')).toBeNull();
    expect(checkProfileValue('OFFICE_ADDRESS', 'x'.repeat(256))).toBeNull();
    expect(checkProfileValue('OFFICE_ADDRESS', 'x'.repeat(257))).toBe('errors.inputNotValid');
  });
});
