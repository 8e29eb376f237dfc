import { describe, expect, it, vi } from 'vitest';
import type { AesKeyRecord, Message } from '@generated/types/index';
import { decryptAesText, encryptAes, encryptAesText, newAesKeyRecord } from '../crypto/aes.ts';
import { utf8Encode } from '../crypto/bytes.ts';
import type { MessageKeySource } from '../keys/aes-key-service.ts';
import { decryptFailureText, decryptFileContent, decryptIncoming, decryptIncomingList, encryptOutgoing } from './crypto.ts';

function keySource(...records: AesKeyRecord[]): MessageKeySource & { keyForUuid: ReturnType<typeof vi.fn> } {
  const byId = new Map(records.map((r) => [r.messageKeyUuid, r]));
  return {
    keyForUuid: vi.fn(async (id: string) => {
      const record = byId.get(id);
      if (!record) throw new Error('no key');
      return record;
    }),
  };
}

const base = (over: Partial<Message>): Message => ({ roomId: 'r1', messageId: 'm1', messageType: 'TEXT', ...over });

describe('encryptOutgoing', () => {
  it.each(['CBC', 'CTR', 'GCM'] as const)('%s: encrypts only the present parts and leaves the filename in clear', async (algorithm) => {
    const key = newAesKeyRecord(algorithm);
    const onlyText = await encryptOutgoing({ text: 'hello', file: null, fileMetadata: undefined }, key);
    expect(Object.keys(onlyText).sort()).toEqual(['aesMessage', 'messageKeyUuid']);
    expect(onlyText.messageKeyUuid).toBe(key.messageKeyUuid);
    expect(await decryptAesText(key, onlyText.aesMessage!)).toBe('hello');

    const all = await encryptOutgoing(
      { text: '附件', file: new Blob([new Uint8Array([1, 2, 3])]), fileMetadata: { width: 3 }, urlMetadata: { url: 'https://x' }, filename: '報告.pdf' },
      key,
    );
    expect(all.aesMessageFilename).toBe('報告.pdf');
    expect(Object.keys(all).sort()).toEqual(['aesMessage', 'aesMessageFile', 'aesMessageFileMetadata', 'aesMessageFilename', 'aesMessageUrlMetadata', 'messageKeyUuid']);
    expect(JSON.parse(await decryptAesText(key, all.aesMessageFileMetadata!))).toEqual({ width: 3 });
    expect(JSON.parse(await decryptAesText(key, all.aesMessageUrlMetadata!))).toEqual({ url: 'https://x' });
  });
});

describe('decryptIncoming', () => {
  it('decrypts text, both metadata and an inline file, and the replied-to message', async () => {
    const key = newAesKeyRecord('GCM');
    const sent = await encryptOutgoing({ text: 'hi', file: new Uint8Array([9, 8]), fileMetadata: { size: 2 }, urlMetadata: { title: 'T' } }, key);
    const reply = base({ messageId: 'm0', messageKeyUuid: key.messageKeyUuid, message: await encryptAesText(key, 'first') });
    const message = base({
      messageKeyUuid: key.messageKeyUuid,
      message: sent.aesMessage,
      aesMessageFile: sent.aesMessageFile,
      aesMessageFileMetadata: sent.aesMessageFileMetadata,
      aesMessageUrlMetadata: sent.aesMessageUrlMetadata,
      replyToMessage: reply as Message['replyToMessage'],
    });
    const out = await decryptIncoming(message, keySource(key));
    expect(out).toMatchObject({ text: 'hi', fileMetadata: { size: 2 }, urlMetadata: { title: 'T' }, messageId: 'm1' });
    expect(Array.from(out.fileBytes!)).toEqual([9, 8]);
    expect(out.replyToMessage?.text).toBe('first');
    expect(out.failure).toBeUndefined();
    expect(out.metadataFailure).toBeUndefined();
  });

  it('reports the seed text for a message that cannot be decrypted', async () => {
    const key = newAesKeyRecord('CBC');
    const wrongKey = { ...newAesKeyRecord('CBC'), messageKeyUuid: key.messageKeyUuid };
    const message = base({ messageId: '42', messageKeyUuid: key.messageKeyUuid, message: await encryptAesText(key, 'secret') });
    const out = await decryptIncoming(message, keySource(wrongKey));
    expect(out.text).toBeUndefined();
    expect(out.failure).toEqual({ key: 'core.decrypt.messageFailed', id: '42' });
    expect(decryptFailureText(out.failure!)).toBe('Fail to decrypt message with ID = 42');
  });

  it('reports the metadata text and keeps the text that did decrypt', async () => {
    const key = newAesKeyRecord('GCM');
    const message = base({
      messageId: '7',
      messageKeyUuid: key.messageKeyUuid,
      message: await encryptAesText(key, 'ok'),
      aesMessageFileMetadata: await encryptAesText(key, 'not json'),
    });
    const out = await decryptIncoming(message, keySource(key));
    expect(out.text).toBe('ok');
    expect(out.metadataFailure).toEqual({ key: 'core.decrypt.metadataFailed', id: '7' });
    expect(decryptFailureText(out.metadataFailure!)).toBe('Fail to decrypt message Metadata with ID = 7');
  });

  it('turns the message into the file failure text and clears the file', async () => {
    const key = newAesKeyRecord('GCM');
    const other = newAesKeyRecord('GCM');
    const message = base({
      messageId: '8',
      messageType: 'FILE',
      messageKeyUuid: key.messageKeyUuid,
      aesMessageFile: await encryptAes(other, utf8Encode('file')),
      aesMessageFilename: 'a.txt',
    });
    const out = await decryptIncoming(message, keySource(key));
    expect(out.aesMessageFile).toBeUndefined();
    expect(out.fileBytes).toBeUndefined();
    expect(out.failure).toEqual({ key: 'core.decrypt.fileFailed', id: '8' });
    expect(decryptFailureText(out.failure!)).toBe('Fail to decrypt message File with ID = 8');
    expect(out.aesMessageFilename).toBe('a.txt');
  });

  it('fails every encrypted part when the key is unavailable', async () => {
    const key = newAesKeyRecord('GCM');
    const message = base({ messageKeyUuid: key.messageKeyUuid, message: await encryptAesText(key, 'x'), aesMessageUrlMetadata: await encryptAesText(key, '{}') });
    const out = await decryptIncoming(message, keySource());
    expect(out.failure?.key).toBe('core.decrypt.messageFailed');
    expect(out.metadataFailure?.key).toBe('core.decrypt.metadataFailed');
  });

  it('uses the text of a message without a key as is, and asks for no key when nothing is encrypted', async () => {
    const keys = keySource();
    expect((await decryptIncoming(base({ messageType: 'SYSTEM', message: 'Alice joined' }), keys)).text).toBe('Alice joined');
    expect(await decryptIncoming(base({ messageType: 'STICKER', messageKeyUuid: 'k' }), keys)).not.toHaveProperty('failure');
    expect(keys.keyForUuid).not.toHaveBeenCalled();
  });

  it('decrypts lists and downloaded files', async () => {
    const key = newAesKeyRecord('CTR');
    const keys = keySource(key);
    const list = await decryptIncomingList(
      [base({ messageKeyUuid: key.messageKeyUuid, message: await encryptAesText(key, 'a') }), base({ messageId: 'm2', messageKeyUuid: key.messageKeyUuid, message: await encryptAesText(key, 'b') })],
      keys,
    );
    expect(list.map((m) => m.text)).toEqual(['a', 'b']);
    const file = await decryptFileContent(await encryptAes(key, new Uint8Array([5])), key.messageKeyUuid, keys);
    expect(Array.from(file)).toEqual([5]);
  });
});
