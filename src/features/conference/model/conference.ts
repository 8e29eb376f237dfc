// The built-in conference (conference/create, gettokenandinfo, start, stop): its state on the client and what the
// page offers in each state (docs/server-services.md 'Conferences': CREATED ─start→ STARTED ─stop→ ENDED, CREATED
// ─stop→ ENDED). Pure, so the page's rules are tested without a server.
import type { AnyNotification } from '@generated/realtime/index';
import type { Account, ConferenceType } from '@generated/types/index';
import { nonEmpty } from '../../../core/non-empty.ts';

export type ConferenceStatus = 'CREATED' | 'STARTED' | 'ENDED';
export type ConferenceAction = 'start' | 'stop';

/** What a participant may do next; an ended conference takes nothing more (the server answers CONFLICT). */
export function actionsFor(status: ConferenceStatus): ConferenceAction[] {
  if (status === 'CREATED') return ['start', 'stop'];
  if (status === 'STARTED') return ['stop'];
  return [];
}

/** The status after an action the server accepted. */
export function afterAction(action: ConferenceAction): ConferenceStatus {
  return action === 'start' ? 'STARTED' : 'ENDED';
}

/** A join token is only handed out while the conference can still be joined. */
export const joinable = (status: ConferenceStatus): boolean => status !== 'ENDED';

/** The room's members one may invite: everyone but the creator, who takes part anyway. */
export function inviteeChoices(members: readonly Account[], selfId: string): Account[] {
  return members.filter((member) => member.accountId !== selfId);
}

/** The create call's body, or null when nobody is invited (the server needs at least one other member). */
export function createBody(roomId: string, type: ConferenceType, invited: ReadonlySet<string>, choices: readonly Account[]) {
  const accountIds = nonEmpty(choices.map((member) => member.accountId).filter((id) => invited.has(id)));
  return accountIds ? { type, roomId, accountIds } : null;
}

/** When a join token (a JWT with an `exp` claim in seconds) stops being valid; null when it cannot be read. */
export function tokenExpiry(token: string): Date | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? new Date(exp * 1000) : null;
  } catch {
    return null;
  }
}

/** A built-in conference this account was invited to, from the creator's CONFERENCE_CREATE. */
export interface Invitation {
  uuid: string;
  roomId: string;
  type: ConferenceType;
  /** How many the creator invited (this account among them). */
  invited: number;
}

/**
 * The invitation in a CONFERENCE_CREATE, or null: other notifications, and the creator's own copy (the creator
 * has the conference's page already, where it was made).
 */
export function invitationOf(notification: AnyNotification, selfId: string): Invitation | null {
  if (notification.notifyType !== 'CONFERENCE_CREATE') return null;
  const { data } = notification;
  if (typeof data.uuid !== 'string' || !notification.roomId || data.creatorId === selfId) return null;
  // The schema leaves the conference's own data open; the participants list is read defensively.
  const extra: { participants?: unknown } = data.data ?? {};
  const participants = Array.isArray(extra.participants) ? (extra.participants as { role?: unknown }[]) : [];
  return {
    uuid: data.uuid,
    roomId: notification.roomId,
    type: data.type === 'VOICE' ? 'VOICE' : 'VIDEO',
    invited: participants.filter((participant) => participant.role === 'INVITEE').length,
  };
}
