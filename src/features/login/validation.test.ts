import { describe, expect, it } from 'vitest';
import { loginFailureText, readLoginBanner, validateChangePassword, validateLogin } from './validation.ts';
import en from '../../locales/en_US.json' with { type: 'json' };

describe('login form validation', () => {
  it('asks to fill in the information when a field is empty', () => {
    expect(validateLogin({ loginName: '', password: 'x' })).toBe('login.fillIn');
    expect(validateLogin({ loginName: 'alice', password: '' })).toBe('login.fillIn');
    expect(validateLogin({ loginName: '   ', password: 'x' })).toBe('login.fillIn');
    expect(validateLogin({ loginName: 'alice', password: 'secret' })).toBeNull();
  });

  it('uses the seed texts', () => {
    expect(en.login.fillIn).toBe('Please fill in the information');
    expect(en.login.serverError).toBe('Cannot connect to server');
    expect(en.login.loginFail).toBe('Login Fail');
    expect(en.login.sessionTimeout).toBe('Session Timeout, Please request login again');
    expect(en.login.requestLogin).toBe('Request Login');
    expect(en.loginFailure).toBe('Incorrect login name or password');
  });
});

describe('change-password validation', () => {
  it('needs all three fields', () => {
    expect(validateChangePassword({ oldPassword: '', newPassword: 'a', confirmPassword: 'a' })).toBe('changePassword.validate');
    expect(validateChangePassword({ oldPassword: 'o', newPassword: '', confirmPassword: 'a' })).toBe('changePassword.validate');
    expect(validateChangePassword({ oldPassword: 'o', newPassword: 'a', confirmPassword: '' })).toBe('changePassword.validate');
  });

  it('needs new and confirm to match', () => {
    expect(validateChangePassword({ oldPassword: 'o', newPassword: 'abc', confirmPassword: 'abd' })).toBe('changePassword.mismatch');
    expect(validateChangePassword({ oldPassword: 'o', newPassword: 'abc', confirmPassword: 'abc' })).toBeNull();
  });

  it('uses the seed texts', () => {
    expect(en.changePassword.validate).toBe('Please validate the information');
    expect(en.changePassword.mismatch).toBe('New Password Must Be Same As Confirm Password');
    expect(en.changePassword.updateFail).toBe('Update Fail');
  });
});

describe('login route banner', () => {
  it('reads loginFail with the server message and code, serverError and sessionTimeout', () => {
    expect(readLoginBanner('?loginFail', { message: 'Incorrect login name or password', code: 'UI_IM_E2001' })).toEqual({
      kind: 'loginFail',
      text: 'Incorrect login name or password',
      code: 'UI_IM_E2001',
    });
    expect(readLoginBanner('?loginFail', null)).toEqual({ kind: 'loginFail', text: null, code: null });
    expect(readLoginBanner('?serverError', null)).toEqual({ kind: 'serverError' });
    expect(readLoginBanner('?sessionTimeout', null)).toEqual({ kind: 'sessionTimeout' });
    expect(readLoginBanner('', { message: 'x' })).toBeNull();
  });

  it("shows the variant's wording for an unknown name and a wrong password alike, whatever the server said", () => {
    const wording = 'Incorrect login name or password';
    expect(loginFailureText('UI_IM_E2001', 'Incorrect login name or password', wording)).toBe(wording);
    expect(loginFailureText('UI_IM_E2008', 'The user public key is not available', wording)).toBe(wording);
    expect(loginFailureText('UI_IM_E1010', 'Fail to decrypt the request', wording)).toBe(wording);
    expect(loginFailureText(null, null, wording)).toBe(wording);
    const hospital = 'Your corporate ID and/or password do not match, or your account is not yet registered on the chat service';
    expect(loginFailureText('UI_IM_E2008', 'The user public key is not available', hospital)).toBe(hospital);
  });

  it('keeps the server text for too many attempts', () => {
    expect(loginFailureText('UI_IM_E1007', 'Too many requests, please try again later', 'x')).toBe('Too many requests, please try again later');
  });
});
