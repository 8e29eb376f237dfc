// One call at a time, as the person on this device sees it (docs/client-ui.md 'Calls'): placed here and ringing
// the others, ringing here, connected, or ended with a reason shown until the user closes it. Pure: the host
// applies the server's answers and the conference notifications to it.

export type CallKind = 'VOICE' | 'VIDEO';
export type CallEnd = 'rejected' | 'busy' | 'cancelled' | 'ended' | 'missed' | 'failed' | 'elsewhere' | 'unanswered';

export interface Call {
  refId: string;
  vcType: string;
  roomId: string;
  creatorId: string;
  kind: CallKind;
  /** outgoing: placed from this account; incoming: another member's call ringing here. */
  direction: 'outgoing' | 'incoming';
  phase: 'ringing' | 'connected' | 'ended';
  end?: CallEnd;
}

/** What a conference notification or answer says about one conference. */
export interface ConferenceEvent {
  type: 'CALL' | 'ACCEPT' | 'REJECT' | 'CANCEL' | 'STATUS';
  refId: string;
  /** The conference's status after the event (the server's state data). */
  status?: string;
  /** The account that acted. */
  actorId?: string;
}

/** The server's final statuses and how a call that ends in them reads. */
const FINAL: Readonly<Record<string, CallEnd>> = { REJECTED: 'rejected', BUSY: 'busy', CANCELLED: 'cancelled', ENDED: 'ended' };

export const isLive = (call: Call | null): call is Call => call !== null && call.phase !== 'ended';

/** The call after `event`; events of other conferences leave it as it is. */
export function applyEvent(call: Call | null, event: ConferenceEvent, me: string): Call | null {
  if (!call || call.refId !== event.refId || call.phase === 'ended') return call;
  const final = event.status ? FINAL[event.status] : undefined;
  if (final) {
    // An incoming call that ends before it was answered here was missed, unless this account declined it.
    const end = call.direction === 'incoming' && call.phase === 'ringing' && final === 'cancelled' ? 'missed' : final;
    return { ...call, phase: 'ended', end };
  }
  switch (event.type) {
    case 'ACCEPT':
      // The caller is connected by anyone's accept. An invitee's own accept arriving while the call still rings
      // here was made on another of their devices (this device's accept connects it before): the ringing stops.
      if (call.direction === 'outgoing') return { ...call, phase: 'connected' };
      if (event.actorId === me && call.phase === 'ringing') return { ...call, phase: 'ended', end: 'elsewhere' };
      return call;
    case 'REJECT':
      // This account declined on another device: the ringing stops here as well.
      if (call.direction === 'incoming' && event.actorId === me) return { ...call, phase: 'ended', end: 'rejected' };
      return call;
    default:
      return call;
  }
}

/**
 * A call that rings here while this account is already in another: the seed's busy answer goes back and the
 * current call stays.
 */
export function ringsBusy(current: Call | null, incomingRefId: string): boolean {
  return isLive(current) && current.refId !== incomingRefId;
}
