import { describe, expect, it } from 'vitest';
import { embeddedActionObject, isEmbeddedLaunch } from './launch.ts';

describe('embedded launch', () => {
  it('is switched on by embedded=1 or embedded=true only', () => {
    expect(isEmbeddedLaunch('?embedded=1')).toBe(true);
    expect(isEmbeddedLaunch('?roomId=3&embedded=true')).toBe(true);
    for (const search of ['', '?embedded', '?embedded=0', '?embedded=yes', '?Embedded=1']) expect(isEmbeddedLaunch(search)).toBe(false);
  });

  it('hands the rest of the query string on as the action object', () => {
    expect(embeddedActionObject('?embedded=1&loginName=nurse&token=t&roomId=4')).toEqual({ loginName: 'nurse', token: 't', roomId: '4' });
    expect(embeddedActionObject('?embedded=1')).toBeUndefined();
  });
});
