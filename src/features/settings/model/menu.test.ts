import { describe, expect, it } from 'vitest';
import { flags as csd } from '@generated/flags/CSD';
import { flags as judi } from '@generated/flags/JUDI';
import { flags as hkp } from '@generated/flags/HKP';
import { helpLinks, menuEntries } from './menu.ts';

const links = { faq: 'https://x/faq', getStarted: 'https://x/start', contactUs: 'https://x/contact', termsAndConditions: 'https://x/terms', releaseNote: 'https://x/notes' };

describe('settings menu', () => {
  it('shows help and about in CSD, and the help page lists every link including the release note', () => {
    expect(menuEntries(csd)).toEqual(expect.arrayContaining(['personalInfo', 'privacy', 'language', 'changePassword', 'help', 'about', 'logoutOthers']));
    expect(helpLinks(csd, links).map((link) => link.id)).toEqual(['faq', 'getStarted', 'contactUs', 'termsAndConditions', 'releaseNote']);
  });

  it('hides help, about and release note in the restricted variants (JUDI, HKP)', () => {
    for (const restricted of [judi, hkp]) {
      expect(menuEntries(restricted)).not.toContain('help');
      expect(menuEntries(restricted)).not.toContain('about');
      expect(helpLinks(restricted, links).map((link) => link.id)).not.toContain('releaseNote');
    }
  });

  it('lists the private album where the variant has it (not EPD, HKP)', () => {
    expect(menuEntries(csd)).toContain('privateAlbum');
    expect(menuEntries(hkp)).not.toContain('privateAlbum');
  });

  it('leaves out a link the variant does not give', () => {
    expect(helpLinks(csd, { ...links, faq: '' }).map((link) => link.id)).not.toContain('faq');
  });
});
