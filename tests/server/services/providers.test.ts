// The provider-backed calls over the wire, against a real provider process speaking the documented wire
// format (fake-provider.ts), and their refusal when no provider is configured.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, errorCodeByName as E } from '../../../generated/errors.ts';
import { errorCode } from '../../support/node-transport.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { findTranslation } from '../../../server/store/repos/translations.ts';
import { decryptText, encryptText, groupRoom, ok, person, roomKey, startFakeProvider, type FakeProvider, type Person } from './helpers.ts';

let provider: FakeProvider;
let server: TestServer;
let bare: TestServer;
let alice: Person;
let bob: Person;
let outsider: Person;
let roomId: string;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('image-bytes')]);

beforeAll(async () => {
  provider = await startFakeProvider();
  server = await startTestServer({ PROVIDER_URL: provider.url });
  bare = await startTestServer();
  alice = await person(server, 'alice', 'Alice Wong');
  bob = await person(server, 'bob', 'Bob Chan');
  outsider = await person(server, 'olivia');
  roomId = await groupRoom(alice, [bob]);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await bare?.close();
  await provider?.stop();
});

async function sendVoice(spokenText: string): Promise<{ messageId: string; key: Awaited<ReturnType<typeof roomKey>> }> {
  const key = await roomKey(alice, roomId);
  const sent = ok(
    await alice.api.sendAesMessage({
      roomId,
      messageKeyUuid: key.messageKeyUuid,
      type: 'VOICE',
      checksum: randomUUID(),
      aesMessageFilename: 'note.m4a',
      aesMessageFile: encryptText(key, spokenText),
    }),
  );
  return { messageId: sent.message.messageId, key };
}

const ALL_SERVICES = ['translate', 'readAloud', 'aiPrompt', 'voiceToText', 'imageRecognition'] as const;

describe('with a provider configured (PROVIDER_URL)', () => {
  it('the application profile offers every provider-backed service', async () => {
    const services = ok(await alice.api.getApplicationProfile({})).clientConfig?.providerServices;
    expect(services).toEqual(Object.fromEntries(ALL_SERVICES.map((service) => [service, true])));
  });

  it('operatemessage returns the provider resultText', async () => {
    const result = ok(await alice.api.operateMessage({ promptAppId: 'polish', inputText: 'please check bed 12' }));
    expect(result.resultText).toBe('[polish] PLEASE CHECK BED 12');
  });

  it('voice/speak hands the provider the ciphertext and key, and returns its audio', async () => {
    const key = await roomKey(alice, roomId);
    const sent = ok(
      await alice.api.sendAesMessage({ roomId, messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum: randomUUID(), aesMessage: encryptText(key, 'Ward round at nine') }),
    );
    const spoken = ok(await bob.api.speakVoice({ messageId: sent.message.messageId }));
    expect(Buffer.from(spoken.voice, 'base64').toString('utf8')).toBe('VOICE(en_US):Ward round at nine');
    expect(errorCode(await outsider.api.speakVoice({ messageId: sent.message.messageId }))).toBe(E.NOT_ROOM_MEMBER);
  });

  it('voicetotextmessage stores the transcript encrypted with the message key; voice/recognize stores nothing', async () => {
    const { messageId, key } = await sendVoice('stat lab results');
    const recognised = ok(await bob.api.recognizeVoice({ messageId }));
    expect(decryptText(key, recognised.voiceToTextMessage)).toBe('stluser bal tats');
    expect((await server.app.ctx.repos.messages.findById(Number(messageId)))?.voiceToText).toBeNull();

    const result = ok(await bob.api.voiceToTextMessage({ roomId, messageId }));
    expect(result).toMatchObject({ roomId, messageId, messageKeyUuid: key.messageKeyUuid });
    expect(decryptText(key, result.voiceToTextMessage)).toBe('stluser bal tats');
    const stored = await server.app.ctx.repos.messages.findById(Number(messageId));
    expect(stored?.voiceToText).toBe(result.voiceToTextMessage);
    expect(stored?.voiceToText).not.toContain('tats');
    const listed = ok(await alice.api.receiveAesMessages({ roomId, batchSize: 5, upOrDown: 'UP' })).messages.find((m) => m.messageId === messageId);
    expect(decryptText(key, listed?.voiceToTextMessage ?? '')).toBe('stluser bal tats');
  });

  it('voicetotextmessage obeys ALLOW_VOICE_TO_TEXT and refuses a message that is not a voice message', async () => {
    const { messageId } = await sendVoice('policy check');
    await server.app.ctx.db.query(`UPDATE room_policies SET value = '0' WHERE room_id = $1 AND attr = 'ALLOW_VOICE_TO_TEXT'`, [Number(roomId)]);
    try {
      expect(errorCode(await bob.api.voiceToTextMessage({ roomId, messageId }))).toBe(E.ROOM_POLICY_FORBIDS);
    } finally {
      await server.app.ctx.db.query(`UPDATE room_policies SET value = '1' WHERE room_id = $1 AND attr = 'ALLOW_VOICE_TO_TEXT'`, [Number(roomId)]);
    }
    const key = await roomKey(alice, roomId);
    const text = ok(await alice.api.sendAesMessage({ roomId, messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum: 'x', aesMessage: encryptText(key, 'hi') }));
    expect(errorCode(await bob.api.voiceToTextMessage({ roomId, messageId: text.message.messageId }))).toBe(E.MESSAGE_TYPE_UNSUPPORTED);
  });

  it('image/recognizeimages passes what the provider passes', async () => {
    expect(ok(await alice.api.recognizeImages({ imageBase64: PNG.toString('base64') })).pass).toBe(true);
    const flagged = Buffer.concat([PNG, Buffer.from('REJECT')]);
    expect(ok(await alice.api.recognizeImages({ imageBase64: flagged.toString('base64') })).pass).toBe(false);
    expect(ok(await alice.api.recognizeImages({ imageBase64: Buffer.from('GIF89a').toString('base64') })).pass).toBe(false);
  });

  it('savetranslation reaches the provider and is kept per member and language', async () => {
    const key = await roomKey(alice, roomId);
    const sent = ok(await alice.api.sendAesMessage({ roomId, messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum: 'c', aesMessage: encryptText(key, 'Good morning') }));
    const messageId = sent.message.messageId;
    ok(await bob.api.saveTranslation({ roomId, messageId, langId: 'zh_TW', value: '早晨', checksum: 'sum-1' }));
    const saved = (await (await fetch(`${provider.url}/saved`)).json()) as { saved: Record<string, unknown>[] };
    expect(saved.saved).toContainEqual({ messageId, roomId, langId: 'zh_TW', value: '早晨', checksum: 'sum-1' });
    expect(await findTranslation(server.app.ctx.db, Number(messageId), bob.id, 'zh_TW')).toMatchObject({ value: '早晨', checksum: 'sum-1' });
    expect(errorCode(await outsider.api.saveTranslation({ roomId, messageId, langId: 'zh_TW', value: 'x', checksum: 'y' }))).toBe(E.NOT_ROOM_MEMBER);
  });

  it('a provider failure is reported as the service being unavailable (HTTP 502), not as success', async () => {
    const result = await alice.api.operateMessage({ promptAppId: 'broken', inputText: 'anything' });
    expect(errorCode(result)).toBe(E.PROVIDER_NOT_CONFIGURED);
    expect(result.ok ? 0 : result.httpStatus).toBe(502);
  });
});

describe('without a provider', () => {
  it('the application profile offers none of them', async () => {
    const services = ok(await (await person(bare, 'erin')).api.getApplicationProfile({})).clientConfig?.providerServices;
    expect(services).toEqual(Object.fromEntries(ALL_SERVICES.map((service) => [service, false])));
  });

  it('every provider-backed call fails with PROVIDER_NOT_CONFIGURED, with its texts (en_US, zh_TW on the wire; zh_CN in the catalogue)', async () => {
    const carol = await person(bare, 'carol');
    const dan = await person(bare, 'dan');
    const room = await groupRoom(carol, [dan]);
    const key = await roomKey(carol, room);
    const sent = ok(await carol.api.sendAesMessage({ roomId: room, messageKeyUuid: key.messageKeyUuid, type: 'TEXT', checksum: 'c', aesMessage: encryptText(key, 'hello') }));
    const messageId = sent.message.messageId;
    const results = [
      await carol.api.operateMessage({ promptAppId: 'polish', inputText: 'hello' }),
      await carol.api.speakVoice({ messageId }),
      await carol.api.recognizeVoice({ messageId }),
      await carol.api.voiceToTextMessage({ roomId: room, messageId }),
      await carol.api.recognizeImages({ imageBase64: PNG.toString('base64') }),
      await carol.api.saveTranslation({ roomId: room, messageId, langId: 'zh_CN', value: '你好', checksum: 'c' }),
    ];
    const texts = errorCatalogue[E.PROVIDER_NOT_CONFIGURED].texts;
    expect(texts.zh_CN).toBe('此服务暂不可用');
    for (const result of results) {
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.httpStatus).toBe(503);
      for (const locale of ['en_US', 'zh_TW'] as const) {
        const group = result.errMsgList.find((g) => g.locale === locale);
        expect(group?.errors[0]).toMatchObject({ code: E.PROVIDER_NOT_CONFIGURED });
        expect(group?.errors[0]?.message).toContain(texts[locale]);
      }
    }
  });
});
