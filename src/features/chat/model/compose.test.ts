import { describe, expect, it } from 'vitest';
import { contactFrom, locationFrom, videoTooLong } from './compose.ts';
import { parseContact, parseLocation } from '../../../domain/messageKinds.ts';

describe('composing kinds', () => {
  it('a location needs coordinates in range; what it builds is what the other clients read', () => {
    const built = locationFrom({ name: ' Queen Mary Hospital ', address: '', latitude: '22,2829', longitude: '114.1371' });
    expect(built).toEqual({ value: { latitude: 22.2829, longitude: 114.1371, name: 'Queen Mary Hospital' } });
    if ('value' in built) expect(parseLocation(JSON.stringify(built.value))).toEqual(built.value);
    expect(locationFrom({ name: '', address: '', latitude: '91', longitude: '0' })).toEqual({ error: 'errors.inputNotValid' });
    expect(locationFrom({ name: '', address: '', latitude: '', longitude: '10' })).toEqual({ error: 'errors.inputNotValid' });
    expect(locationFrom({ name: '', address: '', latitude: '1', longitude: 'east' })).toEqual({ error: 'errors.inputNotValid' });
  });

  it('a contact card keeps the filled fields, needs a name and a plausible email, and reads back as a contact card', () => {
    const built = contactFrom({ name: 'Chan Tai Man', tel: ' +852 2255 3838 ', email: '', org: 'QMH' });
    expect(built).toEqual({ value: { name: 'Chan Tai Man', tel: '+852 2255 3838', org: 'QMH' } });
    if ('value' in built) expect(parseContact(JSON.stringify(built.value))).toEqual({ kind: 'contact', card: built.value });
    expect(contactFrom({ tel: '123' })).toEqual({ error: 'messages.contactNameRequired' });
    expect(contactFrom({ name: 'A', email: 'not an email' })).toEqual({ error: 'errors.inputNotValid' });
  });

  it('a video over the server limit is refused with the limit and its length; unknown lengths pass', () => {
    expect(videoTooLong(300.4, 300)).toEqual({ limit: 300, length: 301 });
    expect(videoTooLong(300, 300)).toBeNull();
    expect(videoTooLong(Infinity, 300)).toBeNull();
    expect(videoTooLong(undefined, 300)).toBeNull();
    expect(videoTooLong(900, undefined)).toBeNull();
  });
});
