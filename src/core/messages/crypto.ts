// Message content encryption: the seed's null checks decide which parts are encrypted (text, file, file
// metadata, URL metadata; never the file name), and failed decryption becomes the seed's failure texts.
import type { AesKeyRecord, Message, MessageFileMetadata, MessageUrlMetadata } from '@generated/types/index';
import { decryptAes, decryptAesText, encryptAes, encryptAesText } from '../crypto/aes.ts';
import type { Bytes } from '../crypto/bytes.ts';
import type { MessageKeySource } from '../keys/aes-key-service.ts';
import { decryptFailureTexts, type DecryptFailureKey } from './decrypt-failure-texts.ts';

export interface OutgoingParts {
  text?: string | null;
  file?: Uint8Array | Blob | null;
  fileMetadata?: MessageFileMetadata | null;
  urlMetadata?: MessageUrlMetadata | null;
  /** Travels in clear. */
  filename?: string | null;
}

/** The encrypted fields of a send payload; absent parts stay absent. */
export interface EncryptedParts {
  messageKeyUuid: string;
  aesMessage?: string;
  aesMessageFile?: string;
  aesMessageFileMetadata?: string;
  aesMessageUrlMetadata?: string;
  aesMessageFilename?: string;
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

export async function encryptOutgoing(parts: OutgoingParts, keyRecord: AesKeyRecord): Promise<EncryptedParts> {
  const out: EncryptedParts = { messageKeyUuid: keyRecord.messageKeyUuid };
  const jobs: Promise<void>[] = [];
  if (present(parts.text)) jobs.push(encryptAesText(keyRecord, parts.text).then((v) => void (out.aesMessage = v)));
  if (present(parts.file)) {
    const file = parts.file;
    jobs.push(
      (file instanceof Blob ? file.arrayBuffer().then((b) => new Uint8Array(b)) : Promise.resolve(file))
        .then((bytes) => encryptAes(keyRecord, bytes))
        .then((v) => void (out.aesMessageFile = v)),
    );
  }
  if (present(parts.fileMetadata)) {
    jobs.push(encryptAesText(keyRecord, JSON.stringify(parts.fileMetadata)).then((v) => void (out.aesMessageFileMetadata = v)));
  }
  if (present(parts.urlMetadata)) {
    jobs.push(encryptAesText(keyRecord, JSON.stringify(parts.urlMetadata)).then((v) => void (out.aesMessageUrlMetadata = v)));
  }
  if (present(parts.filename)) out.aesMessageFilename = parts.filename;
  await Promise.all(jobs);
  return out;
}

/** i18n keys of the seed's decrypt failure texts, with their English defaults ({{id}} = message id). */
export { decryptFailureTexts, type DecryptFailureKey } from './decrypt-failure-texts.ts';

export interface DecryptFailure {
  key: DecryptFailureKey;
  id: string;
}

/** English text of a failure, for logs and for callers without i18n. */
export function decryptFailureText(failure: DecryptFailure): string {
  return decryptFailureTexts[failure.key].replace('{{id}}', failure.id);
}

export type DecryptedMessage = Omit<Message, 'replyToMessage'> & {
  /** The plain text; absent when there is none or it failed (then `failure` says so). */
  text?: string;
  fileMetadata?: MessageFileMetadata;
  urlMetadata?: MessageUrlMetadata;
  /** The inline file (`aesMessageFile`) decrypted. */
  fileBytes?: Bytes;
  /** Shown instead of the text: the text or the file could not be decrypted. */
  failure?: DecryptFailure;
  /** The file or URL metadata could not be decrypted. */
  metadataFailure?: DecryptFailure;
  replyToMessage?: DecryptedMessage;
};

async function tryOr<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch {
    return undefined;
  }
}

async function parseObject<T>(key: AesKeyRecord, encrypted: string): Promise<T> {
  const value: unknown = JSON.parse(await decryptAesText(key, encrypted));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('metadata is not an object');
  return value as T;
}

/**
 * Decrypts text, metadata and an inline file. A message without a messageKeyUuid carries nothing encrypted
 * (server-made system messages): its text is used as is.
 */
export async function decryptIncoming(message: Message, keys: MessageKeySource): Promise<DecryptedMessage> {
  const { replyToMessage, ...rest } = message;
  const out: DecryptedMessage = { ...rest };
  if (replyToMessage) out.replyToMessage = await decryptIncoming(replyToMessage as Message, keys);
  const id = String(message.messageId);

  if (!message.messageKeyUuid) {
    if (present(message.message)) out.text = message.message;
    return out;
  }
  const hasEncrypted = [message.message, message.aesMessageFile, message.aesMessageFileMetadata, message.aesMessageUrlMetadata].some(present);
  if (!hasEncrypted) return out;
  const key = await tryOr(() => keys.keyForUuid(message.messageKeyUuid as string));

  const [text, fileBytes, fileMetadata, urlMetadata] = await Promise.all([
    present(message.message) && key ? tryOr(() => decryptAesText(key, message.message as string)) : undefined,
    present(message.aesMessageFile) && key ? tryOr(() => decryptAes(key, message.aesMessageFile as string)) : undefined,
    present(message.aesMessageFileMetadata) && key
      ? tryOr(() => parseObject<MessageFileMetadata>(key, message.aesMessageFileMetadata as string))
      : undefined,
    present(message.aesMessageUrlMetadata) && key
      ? tryOr(() => parseObject<MessageUrlMetadata>(key, message.aesMessageUrlMetadata as string))
      : undefined,
  ]);

  if (present(message.message)) {
    if (text === undefined) out.failure = { key: 'core.decrypt.messageFailed', id };
    else out.text = text;
  }
  if (fileMetadata) out.fileMetadata = fileMetadata;
  if (urlMetadata) out.urlMetadata = urlMetadata;
  if ((present(message.aesMessageFileMetadata) && !fileMetadata) || (present(message.aesMessageUrlMetadata) && !urlMetadata)) {
    out.metadataFailure = { key: 'core.decrypt.metadataFailed', id };
  }
  if (present(message.aesMessageFile)) {
    if (fileBytes) {
      out.fileBytes = fileBytes;
    } else {
      // The seed: the message becomes the file failure text and the file is cleared.
      delete out.aesMessageFile;
      delete out.text;
      out.failure = { key: 'core.decrypt.fileFailed', id };
    }
  }
  return out;
}

export function decryptIncomingList(messages: readonly Message[], keys: MessageKeySource): Promise<DecryptedMessage[]> {
  return Promise.all(messages.map((message) => decryptIncoming(message, keys)));
}

/** Decrypts a downloaded file (downloadAesFile answers with `aesMessageFile` and its messageKeyUuid). */
export async function decryptFileContent(aesMessageFile: string, messageKeyUuid: string, keys: MessageKeySource): Promise<Bytes> {
  return decryptAes(await keys.keyForUuid(messageKeyUuid), aesMessageFile);
}
