// The call calls (conference/external/*, seed section 7) and the conference state they answer with.
import {
  acceptConferenceCall,
  busyConferenceCall,
  cancelConferenceCall,
  createExternalConference,
  getExternalConferenceInfo,
  rejectConferenceCall,
  stopConference,
} from '@generated/api/services';
import type { ConferenceResponse } from '@generated/types/index';
import { chatServices } from '../../../core/session/services.ts';
import type { Call, CallKind } from '../model/call.ts';

/** The status inside a conference's state data (docs/server-services.md 'Conferences'). */
export function statusOf(data: unknown): string | undefined {
  const status = typeof data === 'object' && data !== null ? (data as { status?: unknown }).status : undefined;
  return typeof status === 'string' ? status : undefined;
}

/** Rings the room's other members; the call as placed, or null when the server refused it. */
export async function placeCall(roomId: string, kind: CallKind): Promise<Call | null> {
  const { transport, accountId } = chatServices();
  const result = await createExternalConference(transport, { conferenceType: kind, roomId });
  if (!result.ok || !result.data.refId || !result.data.vcType) return null;
  return { refId: result.data.refId, vcType: result.data.vcType, roomId, creatorId: accountId, kind, direction: 'outgoing', phase: 'ringing' };
}

type Answer = 'accept' | 'reject' | 'busy';

/** An invitee's answer; the conference's status after it, or null when refused (answered elsewhere, over). */
export async function answerCall(call: Pick<Call, 'vcType' | 'creatorId' | 'refId'>, answer: Answer): Promise<string | null> {
  const { transport } = chatServices();
  const body = { vcType: call.vcType, creatorId: call.creatorId, refId: call.refId };
  const result =
    answer === 'accept' ? await acceptConferenceCall(transport, body) : answer === 'reject' ? await rejectConferenceCall(transport, { ...body, data: {} }) : await busyConferenceCall(transport, { ...body, data: {} });
  return result.ok ? (statusOf((result.data as ConferenceResponse).data) ?? null) : null;
}

/** The caller gives up before anyone answered. */
export async function cancelCall(call: Pick<Call, 'vcType' | 'refId'>): Promise<boolean> {
  return (await cancelConferenceCall(chatServices().transport, { vcType: call.vcType, refId: call.refId, data: {} })).ok;
}

/** Hangs up a connected call (it ends for everyone: the seed's calls are one conversation). */
export async function endCall(call: Pick<Call, 'refId'>): Promise<boolean> {
  return (await stopConference(chatServices().transport, { uuid: call.refId })).ok;
}

/** The conference's status now (the server announces no stop: a connected call asks). */
export async function callStatus(call: Pick<Call, 'vcType' | 'refId'>): Promise<string | undefined> {
  const result = await getExternalConferenceInfo(chatServices().transport, { vcType: call.vcType, refId: call.refId, data: {} });
  return result.ok ? statusOf(result.data.data) : undefined;
}
