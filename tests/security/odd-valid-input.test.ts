// Values the schema accepts never reach the database unchecked: a build number past a 32-bit column once
// answered 500 on the public checkappversion, and so did a sendaesmessage whose hints text was not JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeByName as E } from '../../generated/errors.ts';
import { errorCode } from '../support/node-transport.ts';
import { anonymousApi } from '../server/identity/helpers.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { makeRoom, ok, person, roomKey, encryptText, type Person } from '../server/messages/helpers.ts';

let server: TestServer;
let alice: Person;
let bob: Person;
beforeAll(async () => {
  server = await startTestServer();
  alice = await person(server, 'odd_alice');
  bob = await person(server, 'odd_bob');
});
afterAll(() => server?.close());

describe('odd but well-formed input', () => {
  it('checkappversion: a build number past the schema range answers 400, one inside it is answered', async () => {
    const api = anonymousApi(server.url);
    for (const buildVersion of [2 ** 31, 2 ** 53 - 1]) {
      const result = await api.checkAppVersion({ appPlatform: 'WEB', buildVersion });
      expect(errorCode(result)).toBe(E.INVALID_INPUT);
    }
    ok(await api.checkAppVersion({ appPlatform: 'WEB', buildVersion: 2 ** 31 - 1 }));
  });

  it('sendaesmessage: hints that are plain text, not JSON, are kept as text', async () => {
    const roomId = await makeRoom(server, [alice, bob]);
    const key = await roomKey(alice, roomId);
    for (const hints of ['not json {', '{"a":', 'plain words', '"quoted"', '']) {
      ok(await alice.api.sendAesMessage({ roomId, messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum: 'c', aesMessage: encryptText(key, 'x'), hints }));
    }
  });
});
