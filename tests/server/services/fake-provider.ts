// A small provider service for the tests: a real HTTP server on 127.0.0.1 (port 0) speaking the wire format
// of docs/server-services.md, with deterministic answers. Prints "LISTENING <url>" once it accepts calls.
//   operate-message  → resultText = "[<promptAppId>] " + inputText upper-cased ("broken" answers HTTP 500)
//   speak            → voice = base64 of "VOICE(<langId>):<decrypted text>"
//   recognize-voice  → text = the decrypted audio bytes as UTF-8, reversed
//   recognize-image  → pass = the bytes are a PNG that does not contain "REJECT"
//   save-translation → accepted, remembered; GET /saved lists what was saved
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exitWithParent } from '../../support/exit-with-parent.ts';
import { decryptAes, type AesKeyRecord } from '../../../server/crypto/aes.ts';

exitWithParent();

interface Sealed {
  ciphertext: string;
  key: AesKeyRecord;
}

const saved: unknown[] = [];
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

function open(sealed: Sealed): Buffer {
  return Buffer.from(decryptAes(sealed.key, sealed.ciphertext));
}

type Answer = { status: number; body: unknown };

function handle(operation: string, input: Record<string, unknown>): Answer {
  switch (operation) {
    case 'operate-message': {
      if (input.promptAppId === 'broken') return { status: 500, body: { error: { code: 'BROKEN', message: 'prompt app crashed' } } };
      if (typeof input.inputText !== 'string') return { status: 400, body: { error: { code: 'BAD_INPUT', message: 'inputText missing' } } };
      return { status: 200, body: { resultText: `[${String(input.promptAppId)}] ${input.inputText.toUpperCase()}` } };
    }
    case 'speak': {
      const text = open(input.text as Sealed).toString('utf8');
      return { status: 200, body: { voice: Buffer.from(`VOICE(${String(input.langId)}):${text}`).toString('base64'), contentType: 'audio/x-test' } };
    }
    case 'recognize-voice': {
      const audio = open(input.audio as Sealed).toString('utf8');
      return { status: 200, body: { text: [...audio].reverse().join('') } };
    }
    case 'recognize-image': {
      const bytes = Buffer.from(String(input.imageBase64), 'base64');
      return { status: 200, body: { pass: bytes.subarray(0, 4).equals(PNG) && !bytes.includes('REJECT') } };
    }
    case 'save-translation':
      saved.push(input);
      return { status: 200, body: { accepted: true } };
    default:
      return { status: 404, body: { error: { code: 'UNKNOWN_OPERATION', message: `no operation ${operation}` } } };
  }
}

const server = http.createServer((request, response) => {
  const reply = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'GET' && request.url === '/saved') return reply(200, { saved });
  const match = /^\/v1\/([a-z-]+)$/.exec(request.url ?? '');
  if (request.method !== 'POST' || !match?.[1]) return reply(404, { error: { code: 'NOT_FOUND', message: 'POST /v1/<operation>' } });
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    try {
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      const answer = handle(match[1] ?? '', input);
      reply(answer.status, answer.body);
    } catch (error) {
      reply(400, { error: { code: 'BAD_REQUEST', message: error instanceof Error ? error.message : 'unreadable body' } });
    }
  });
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`LISTENING http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
