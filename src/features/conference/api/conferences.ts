// The built-in conference calls (conference/create, gettokenandinfo, start, stop; seed section 7), through the
// generated contract only.
import { createConference, getConferenceTokenAndInfo, getRoomAccountsQuery, startConference, stopConference } from '@generated/api/index';
import type { ApiResult } from '@generated/api/runtime';
import type { Account, CreateConferenceRequest } from '@generated/types/index';
import { useQuery } from '@tanstack/react-query';
import { chatServices } from '../../../core/session/services.ts';
import type { ConferenceAction } from '../model/conference.ts';

const accountsOf = (data: { accounts: Account[] }): Account[] => data.accounts;

/** The room's members: undefined while loading, null when they could not be read. */
export function useConferenceMembers(roomId: string): Account[] | null | undefined {
  const members = useQuery({ ...getRoomAccountsQuery(chatServices().transport, { roomId }), select: accountsOf });
  return members.isError ? null : members.data;
}

export const openConference = (body: CreateConferenceRequest) => createConference(chatServices().transport, body);

export const joinTokenOf = (uuid: string) => getConferenceTokenAndInfo(chatServices().transport, { uuid });

export function runConferenceAction(uuid: string, action: ConferenceAction): Promise<ApiResult<unknown>> {
  const { transport } = chatServices();
  return action === 'start' ? startConference(transport, { uuid }) : stopConference(transport, { uuid });
}
