import { describe, expect, it } from 'vitest';
import { readDeepLink } from '../../../core/navigation/deep-link.ts';
import { readAutoLogin } from './auto-login.ts';
import { nextActionObject } from './next-action.ts';

const both = { sso: true, token: true };

describe('readAutoLogin', () => {
  it('logs in with the token of the action object and opens its room, without carrying the token on', () => {
    const auto = readAutoLogin({ loginName: 'nurse', token: 'abc', authTokenType: 'WEBVIEW', systemId: 'HIS', roomId: '12' }, false, { sso: false, token: true });
    expect(auto).toMatchObject({ loginName: 'nurse', tokenData: { token: 'abc', type: 'WEBVIEW', systemId: 'HIS' }, sso: false });
    expect(readDeepLink(nextActionObject(auto!.rest))).toEqual({ action: 'gotoroom', roomId: '12' });
    expect(JSON.stringify(auto!.rest)).not.toContain('abc');
  });

  it('uses sso/login for an SSO token where SSO is allowed', () => {
    expect(readAutoLogin({ loginName: 'n', token: 't', authTokenType: 'SSO' }, false, both)?.sso).toBe(true);
    expect(readAutoLogin({ loginName: 'n', token: 't' }, false, { sso: true, token: false })).toMatchObject({ sso: true, tokenData: { type: 'SSO' } });
  });

  it('does nothing after a failed attempt, without a token or name, or where the mode is off', () => {
    expect(readAutoLogin({ loginName: 'n', token: 't' }, true, both)).toBeNull();
    expect(readAutoLogin({ loginName: 'n' }, false, both)).toBeNull();
    expect(readAutoLogin({ token: 't' }, false, both)).toBeNull();
    expect(readAutoLogin(undefined, false, both)).toBeNull();
    expect(readAutoLogin({ loginName: 'n', token: 't' }, false, { sso: false, token: false })).toBeNull();
    expect(readAutoLogin({ loginName: 'n', token: 't', authTokenType: 'SSO' }, false, { sso: false, token: false })).toBeNull();
    expect(readAutoLogin({ loginName: 'n', token: 't', authTokenType: 'PASSWORD' }, false, both)).toBeNull();
  });

  it('keeps a deep link the action object already names', () => {
    const auto = readAutoLogin({ loginName: 'n', token: 't', deepLink: 'gotochatbot' }, false, both);
    expect(readDeepLink(nextActionObject(auto!.rest))).toEqual({ action: 'gotochatbot' });
    expect(nextActionObject({})).toBeUndefined();
  });
});
