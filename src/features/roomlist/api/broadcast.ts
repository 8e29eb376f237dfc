// Broadcast creation: the delegates this account may broadcast for, and the send. The text is encrypted with
// the common key (the broadcast room may not exist yet); the server creates or reuses the delegate's
// broadcast room for the recipients and answers its id.
import { useQuery } from '@tanstack/react-query';
import { broadcastAesMessages, getBroadcastAccessRightsQuery } from '@generated/api/messages';
import type { ApiResult } from '@generated/api/runtime';
import { searchGroupListQuery } from '@generated/api/directory';
import type { BroadcastAesMessagesResponse, BroadcastSelectionType } from '@generated/types/index';
import { encryptOutgoing } from '../../../core/messages/crypto.ts';
import { chatServices } from '../../../core/session/services.ts';
import type { RecipientFields } from '../model/broadcastRecipients.ts';

/** Group lists (distribution lists and directory groups) this delegate may address, matching the text. */
export function useGroupLists(type: BroadcastSelectionType, delegateMemberId: string, searchCriteria: string, enabled: boolean) {
  return useQuery({
    ...searchGroupListQuery(chatServices().transport, { type, delegateMemberId, searchCriteria, asc: true }),
    enabled,
    select: (data) => data.groupList,
  });
}

export function useBroadcastDelegates() {
  return useQuery({ ...getBroadcastAccessRightsQuery(chatServices().transport, {}), select: (data) => data.delegateAccounts });
}

/**
 * Whether 'Create broadcast' is offered: the variant allows broadcasts (`allowed`, its flag) and the server names
 * at least one delegate this account may broadcast for. Unknown (loading, failed) is no: an entry that leads to
 * 'No Record Found' is a dead end.
 */
export function useMayBroadcast(allowed: boolean): boolean {
  const rights = useQuery({
    ...getBroadcastAccessRightsQuery(chatServices().transport, {}),
    enabled: allowed,
    select: (data) => data.delegateAccounts.length > 0,
  });
  return allowed && rights.data === true;
}

export async function sendBroadcast(delegateMemberId: string, recipients: RecipientFields, text: string): Promise<ApiResult<BroadcastAesMessagesResponse>> {
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
