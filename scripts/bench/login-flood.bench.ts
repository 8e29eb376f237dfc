// Finding 5 of issue 9: how long a real login takes alone and while one client floods the server with
// concurrent bad logins, side by side. Real server over HTTP (the login call, envelopes and all) for the real
// user; the flood goes through the login service with its own client address, as many sockets from one host
// would arrive. Run: node --import tsx scripts/bench/login-flood.bench.ts [flood=128] [rounds=5]
import { randomUUID } from 'node:crypto';
import { generateRsaKeyPair } from '../../server/crypto/rsa.ts';
import { identity } from '../../server/services/identity/index.ts';
import { signIn } from '../../tests/support/node-transport.ts';
import { createTestAccount, startTestServer, TEST_PASSWORD } from '../../tests/support/test-server.ts';

const FLOOD = Number(process.argv[2] ?? 128);
const ROUNDS = Number(process.argv[3] ?? 5);

const server = await startTestServer();
await createTestAccount(server, { loginName: 'real' });
const device = await generateRsaKeyPair();
const login = identity(server.app.ctx).login;

async function timedLogin(): Promise<number> {
  const started = performance.now();
  await signIn(server.url, 'real', TEST_PASSWORD, { device });
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const alone: number[] = [];
const flooded: number[] = [];
let refused = 0;
for (let round = 0; round < ROUNDS; round++) {
  alone.push(await timedLogin());
  const flood = Array.from({ length: FLOOD }, (_, i) =>
    login
      .passwordLogin({ loginName: `nobody-${round}-${i}`, password: 'wrong', devicePubKey: device.publicKeyPem, deviceID: randomUUID() }, '198.51.100.1')
      .catch((error: { code?: string }) => {
        if (error.code === 'TOO_MANY_REQUESTS') refused++;
      }),
  );
  flooded.push(await timedLogin());
  await Promise.all(flood);
}
const a = median(alone);
const f = median(flooded);
console.log(`real login, median of ${ROUNDS}: alone ${a.toFixed(0)} ms | during a flood of ${FLOOD} bad logins from one address ${f.toFixed(0)} ms | ratio ${(f / a).toFixed(2)}x`);
console.log(`flood attempts refused at once with 429: ${refused} of ${FLOOD * ROUNDS}`);
await server.close();
