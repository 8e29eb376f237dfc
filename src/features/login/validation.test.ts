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
  it('reads loginFail with the server message and serverError', () => {
    expect(readLoginBanner('?loginFail', { message: 'Incorrect login name or password' })).toEqual({
      kind: 'loginFail',
      text: 'Incorrect login name or password',
    });
    expect(readLoginBanner('?loginFail', null)).toEqual({ kind: 'loginFail', text: null });
    expect(readLoginBanner('?serverError', null)).toEqual({ kind: 'serverError' });
    expect(readLoginBanner('', { message: 'x' })).toBeNull();
  });

  it('prefers a variant wording override over the server message', () => {
    expect(loginFailureText('server says no', undefined, 'default')).toBe('server says no');
    expect(loginFailureText(null, undefined, 'default')).toBe('default');
    expect(loginFailureText('server says no', 'The Corporate ID and/or password do not match', 'default')).toBe(
      'The Corporate ID and/or password do not match',
    );
  });
});
