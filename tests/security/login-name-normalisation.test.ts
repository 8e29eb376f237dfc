// Finding 9: a login name has one spelling, NFKC then case folding, at every entry point and in storage. Before,
// SQL's lower() took 'olİvia' (U+0130) to olivia's account while the guessing counter was kept under another key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeByName } from '../../generated/errors.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../server/store/db.ts';
import { anonymousApi } from '../server/identity/helpers.ts';
import { LoginError, signIn } from '../support/node-transport.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../support/test-server.ts';

let server: TestServer;
let olivia: { id: number };
beforeAll(async () => {
  server = await startTestServer();
  olivia = await createTestAccount(server, { loginName: 'olivia' });
});
afterAll(async () => {
  await server.close();
});

const publicKey = async (loginName: string) => {
  const answer = await anonymousApi(server.url).getUserPubKey({ loginName });
  if (!answer.ok) throw new Error(JSON.stringify(answer.errMsgList));
  return answer.data.userPubKey;
};

async function loginFailure(loginName: string, password: string) {
  try {
    await signIn(server.url, loginName, password);
    return null;
  } catch (error) {
    if (error instanceof LoginError) return error.errMsgList[0]?.errors[0]?.code;
    throw error;
  }
}

describe('login names are normalised once (NFKC, then case folding)', () => {
  it('compatibility and case spellings reach the same account, with its own key', async () => {
    const key = await publicKey('olivia');
    for (const spelling of ['OLIVIA', 'Olivia', 'ＯＬＩＶＩＡ', 'ｏｌｉｖｉａ']) {
      expect(await publicKey(spelling), spelling).toBe(key);
      const signedIn = await signIn(server.url, spelling, TEST_PASSWORD);
      expect(signedIn.accountId, spelling).toBe(String(olivia.id));
    }
  });

  it("'olİvia' (dotted capital I) is a name of its own, not a door into olivia's account", async () => {
    expect(await publicKey('olİvia')).not.toBe(await publicKey('olivia'));
    expect(await loginFailure('olİvia', TEST_PASSWORD)).toBe(errorCodeByName.LOGIN_FAILED);
  });

  it('storage refuses a second account whose name is the same after normalisation', async () => {
    await createTestAccount(server, { loginName: 'ben' });
    const clash = createTestAccount(server, { loginName: 'ＢＥＮ' });
    await expect(clash).rejects.toSatisfy((error: unknown) => sqlState(error) === UNIQUE_VIOLATION);
  });

  it('accounts stored before the key existed get it at start-up', async () => {
    const { db, repos } = server.app.ctx;
    await createTestAccount(server, { loginName: 'legacy' });
    await db.query("UPDATE accounts SET login_key = NULL, login_name = 'ＬＥＧＡＣＹ' WHERE login_key = 'legacy'");
    expect(await repos.accounts.fillMissingLoginKeys()).toEqual([]);
    expect((await repos.accounts.findByLoginName('legacy'))?.loginName).toBe('ＬＥＧＡＣＹ');
  });
});
