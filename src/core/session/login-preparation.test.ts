import { describe, expect, it, vi } from 'vitest';
import type { DeviceKeys } from '../crypto/rsa.ts';
import { LoginPreparation } from './login-preparation.ts';

const keyPair = (n: number) => ({ publicKeyPem: `pem-${n}` }) as unknown as DeviceKeys;
const userKey = (pem: string) => ({ ok: true as const, data: { userPubKey: pem } });

function setUp() {
  let made = 0;
  let clock = 0;
  const generateKeyPair = vi.fn(async () => keyPair(++made));
  const getUserPubKey = vi.fn(async ({ loginName }: { loginName: string }) => userKey(`key-of-${loginName}`));
  const preloadProfile = vi.fn();
  const preparation = new LoginPreparation({ generateKeyPair, getUserPubKey, preloadProfile, now: () => clock });
  return { preparation, generateKeyPair, getUserPubKey, preloadProfile, advance: (ms: number) => void (clock += ms) };
}

describe('LoginPreparation', () => {
  it('asks the public profile and makes a key pair when the page shows, and the user key once a name is typed', async () => {
    const { preparation, generateKeyPair, getUserPubKey, preloadProfile } = setUp();
    preparation.prepare();
    preparation.prepare('alice');
    expect(preloadProfile).toHaveBeenCalled();
    expect(generateKeyPair).toHaveBeenCalledTimes(1);
    expect(getUserPubKey).toHaveBeenCalledWith({ loginName: 'alice' });
    expect(await preparation.takeKeys()).toEqual(keyPair(1));
    expect(await preparation.takeUserKey('alice')).toEqual(userKey('key-of-alice'));
    expect(getUserPubKey).toHaveBeenCalledTimes(1);
  });

  it('gives each key pair and user key to one login only', async () => {
    const { preparation, generateKeyPair, getUserPubKey } = setUp();
    preparation.prepare('alice');
    await preparation.takeKeys();
    await preparation.takeUserKey('alice');
    expect(await preparation.takeKeys()).toEqual(keyPair(2));
    await preparation.takeUserKey('alice');
    expect(generateKeyPair).toHaveBeenCalledTimes(2);
    expect(getUserPubKey).toHaveBeenCalledTimes(2);
  });

  it('asks again for another name, a stale key or a failed one', async () => {
    const { preparation, getUserPubKey, advance } = setUp();
    preparation.prepare('alice');
    await preparation.takeUserKey('bob');
    expect(getUserPubKey).toHaveBeenLastCalledWith({ loginName: 'bob' });
    preparation.prepare('alice');
    advance(61_000);
    await preparation.takeUserKey('alice');
    expect(getUserPubKey).toHaveBeenCalledTimes(4);
    getUserPubKey.mockResolvedValueOnce({ ok: false, status: 'failed', errMsgList: [] } as never);
    preparation.prepare('carol');
    expect(await preparation.takeUserKey('carol')).toEqual(userKey('key-of-carol'));
    expect(getUserPubKey).toHaveBeenCalledTimes(6);
  });
});
