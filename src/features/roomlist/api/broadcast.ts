// Broadcast creation: the delegates this account may broadcast for, and the send. The text is encrypted with
// the common key (the broadcast room may not exist yet); the server creates or reuses the delegate's
// broadcast room for the recipients and answers its id.
import { useQuery } from '@tanstack/react-query';
import { broadcastAesMessages, getBroadcastAccessRightsQuery } from '@generated/api/messages';
import type { ApiResult } from '@generated/api/runtime';
import type { BroadcastAesMessagesResponse, DelegateAccount } from '@generated/types/index';
import { encryptOutgoing } from '../../../core/messages/crypto.ts';
import { chatServices } from '../../session/index.ts';

export function useBroadcastDelegates() {
  return useQuery({ ...getBroadcastAccessRightsQuery(chatServices().transport, {}), select: (data) => data.delegateAccounts });
}

/** Whether the delegate may send to everyone and to picked people (only the ALL selection type may). */
export const mayPickPeople = (delegate: DelegateAccount | undefined): boolean => delegate?.allowedBroadcastSelectionType === 'ALL';

export type Recipients = { isAllActiveMembers: true } | { memberIds: string[] };

export async function sendBroadcast(delegateMemberId: string, recipients: Recipients, text: string): Promise<ApiResult<BroadcastAesMessagesResponse>> {
  const { transport, keys } = chatServices();
  const key = await keys.commonKey();
  const encrypted = await encryptOutgoing({ text }, key);
  return broadcastAesMessages(transport, {
    delegateMemberId,
    ...recipients,
    messageKeyUuid: encrypted.messageKeyUuid,
    messages: [{ type: 'TEXT', aesMessage: encrypted.aesMessage ?? '' }],
  });
}
