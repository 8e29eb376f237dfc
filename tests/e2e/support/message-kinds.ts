// Another member's client, straight to the server, sending each message kind the way the web client encodes it
// (docs/client-ui.md, 'Message kinds'): the text part encrypted as JSON, files and their metadata encrypted.
import { randomUUID } from 'node:crypto';
import type { Message, MessageType, MessageUrlMetadata, PollingCreate } from '../../../generated/types/index.ts';
import { encryptAes } from '../../../server/crypto/aes.ts';
import { encryptText, roomKey, type Person } from '../../support/people.ts';

export interface KindSend {
  type: MessageType;
  text?: string;
  file?: { name: string; bytes: Uint8Array; mimeType: string; width?: number; height?: number; duration?: number };
  urlMetadata?: MessageUrlMetadata;
  poll?: PollingCreate;
}

/** Sends one message of any kind; returns its id. */
export async function sendKind(who: Person, roomId: string, send: KindSend): Promise<string> {
  return (await sendKindMessage(who, roomId, send)).messageId;
}

/** Sends one message of any kind; returns it as the server answered (a poll with its checksum, say). */
export async function sendKindMessage(who: Person, roomId: string, send: KindSend): Promise<Message> {
  const key = await roomKey(who, roomId);
  const { file } = send;
  const result = await who.api.sendAesMessage({
    roomId,
    messageKeyUuid: key.messageKeyUuid,
    type: send.type,
    checksum: randomUUID(),
    ...(send.text !== undefined ? { aesMessage: encryptText(key, send.text) } : {}),
    ...(send.urlMetadata ? { aesMessageUrlMetadata: encryptText(key, JSON.stringify(send.urlMetadata)) } : {}),
    ...(send.poll ? { messagePolling: send.poll } : {}),
    ...(file
      ? {
          aesMessageFile: encryptAes(key, file.bytes),
          aesMessageFilename: file.name,
          aesMessageFileMetadata: encryptText(
            key,
            JSON.stringify({ mimeType: file.mimeType, size: file.bytes.length, width: file.width, height: file.height, duration: file.duration }),
          ),
        }
      : {}),
  });
  if (!result.ok || !result.data.message) throw new Error(`${who.loginName} could not send ${send.type}: ${JSON.stringify(result.ok ? result.data : result.errMsgList)}`);
  return result.data.message;
}

/** A mono 16-bit PCM WAV of `seconds` of a quiet tone: something Chromium really plays. */
export function toneWav(seconds: number, rate = 8000): Uint8Array {
  const samples = Math.round(seconds * rate);
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index += 1) buffer.writeInt16LE(Math.round(Math.sin((index / rate) * 2 * Math.PI * 440) * 2000), 44 + index * 2);
  return new Uint8Array(buffer);
}
