// Sending a message: encrypt the present parts with the room key, send, and drop the cached room key when the
// server answers isRecrypted (the room's key changed, the next send must fetch the new one).
import type { ApiClient, ApiResult, CallOptions } from '@generated/api/client';
import type { SendAesMessageResponse, SendMessagePayload } from '@generated/types/index';
import type { AesKeyService } from '../keys/aes-key-service.ts';
import { encryptOutgoing, type OutgoingParts } from './crypto.ts';

export type SendFields = Omit<SendMessagePayload, 'messageKeyUuid' | 'aesMessage' | 'aesMessageFile' | 'aesMessageFileMetadata' | 'aesMessageUrlMetadata' | 'aesMessageFilename'>;

export async function sendEncryptedMessage(
  api: Pick<ApiClient, 'sendAesMessage'>,
  keys: Pick<AesKeyService, 'roomKey' | 'dropRoomKey'>,
  fields: SendFields,
  parts: OutgoingParts,
  options?: CallOptions,
): Promise<ApiResult<SendAesMessageResponse>> {
  const key = await keys.roomKey(fields.roomId);
  const encrypted = await encryptOutgoing(parts, key);
  const result = await api.sendAesMessage({ ...fields, ...encrypted }, options);
  if (result.ok && result.data.data?.isRecrypted) keys.dropRoomKey(fields.roomId);
  return result;
}
