import { describe, expect, it } from 'vitest';
import { checkBrowser, readActionObject } from './detect.ts';

const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ie11 = 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko';
const ie9 = 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)';

describe('browser check', () => {
  it('sorts browsers', () => {
    expect(checkBrowser(chrome)).toBe('ok');
    expect(checkBrowser(iphone)).toBe('mobile');
    expect(checkBrowser(ie11)).toBe('unsupported');
    expect(checkBrowser(ie9)).toBe('unsupported');
  });

  it('reads the query string as the action object', () => {
    expect(readActionObject('?roomId=42&authTokenType=SSO&token=a%2Bb')).toEqual({ roomId: '42', authTokenType: 'SSO', token: 'a+b' });
    expect(readActionObject('')).toEqual({});
  });
});
