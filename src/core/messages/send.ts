// Sending a message: encrypt the present parts with the room key, send, and drop the cached room key when the
// server answers isRecrypted (the room's key changed, the next send must fetch the new one). A send the server
// refuses because its key was retired by a membership change (ROOM_KEY_RETIRED: nothing was stored) is
// encrypted again under the room's new key and sent again, so the user never sees it.
import { errorCodeByName } from '@generated/errors';
import type { ApiResult, CallOptions } from '@generated/api/runtime';
import type { CoreApi as ApiClient } from '../api.ts';
import type { SendAesMessageResponse, SendMessagePayload } from '@generated/types/index';
import { firstErrorCode } from '../errors.ts';
import type { AesKeyService } from '../keys/aes-key-service.ts';
import { encryptOutgoing, type OutgoingParts } from './crypto.ts';

export type SendFields = Omit<SendMessagePayload, 'messageKeyUuid' | 'aesMessage' | 'aesMessageFile' | 'aesMessageFileMetadata' | 'aesMessageUrlMetadata' | 'aesMessageFilename'>;

/** Membership can change again between the refusal and the resend; past this many tries the refusal stands. */
export const RETIRED_KEY_RESENDS = 3;

export async function sendEncryptedMessage(
  api: Pick<ApiClient, 'sendAesMessage'>,
  keys: Pick<AesKeyService, 'roomKey' | 'dropRoomKey'>,
  fields: SendFields,
  parts: OutgoingParts,
  options?: CallOptions,
): Promise<ApiResult<SendAesMessageResponse>> {
  for (let attempt = 0; ; attempt += 1) {
    const key = await keys.roomKey(fields.roomId);
    const encrypted = await encryptOutgoing(parts, key);
    const result = await api.sendAesMessage({ ...fields, ...encrypted }, options);
    if (result.ok && result.data.data?.isRecrypted) keys.dropRoomKey(fields.roomId);
    if (firstErrorCode(result) !== errorCodeByName.ROOM_KEY_RETIRED || attempt >= RETIRED_KEY_RESENDS) return result;
    keys.dropRoomKey(fields.roomId);
  }
}
