// The device's one call (model/call.ts) and the actions on it, shared by the header's call buttons and the call host.
import { create } from 'zustand';
import { applyEvent, isLive, type Call, type CallKind, type ConferenceEvent } from '../model/call.ts';
import { answerCall, cancelCall, endCall, placeCall } from '../api/calls.ts';

interface CallStore {
  call: Call | null;
  /** A call action waits for the server. */
  busy: boolean;
  apply: (event: ConferenceEvent, me: string) => void;
  ring: (call: Call) => void;
  /** Places a call; false when the server refused it. */
  place: (roomId: string, kind: CallKind) => Promise<boolean>;
  accept: () => Promise<boolean>;
  decline: () => Promise<boolean>;
  /** Cancels a ringing outgoing call or ends a connected one. */
  hangUp: () => Promise<boolean>;
  /** A placed call nobody answered in time is cancelled. */
  giveUp: () => Promise<boolean>;
  dismiss: () => void;
}

export const useCallStore = create<CallStore>((set, get) => {
  /** Runs one action on the current call; the call ends as 'failed' when the server refuses. */
  const act = async (work: (call: Call) => Promise<Call | null>): Promise<boolean> => {
    const call = get().call;
    if (!isLive(call) || get().busy) return false;
    set({ busy: true });
    const next = await work(call).catch(() => null);
    // A notification may have ended the call meanwhile: that news wins.
    const now = get().call;
    const ended = now?.refId === call.refId && now.phase === 'ended';
    set({ busy: false, call: ended ? now : (next ?? { ...call, phase: 'ended', end: 'failed' }) });
    return next !== null;
  };
  return {
    call: null,
    busy: false,
    apply: (event, me) =>
      set((state) => {
        // This device's own accept is on its way: its answer connects the call, its notification must not end it.
        if (state.busy && state.call?.direction === 'incoming' && event.type === 'ACCEPT' && event.actorId === me) return state;
        return { call: applyEvent(state.call, event, me) };
      }),
    ring: (call) => set({ call }),
    place: async (roomId, kind) => {
      if (isLive(get().call) || get().busy) return false;
      set({ busy: true });
      const call = await placeCall(roomId, kind).catch(() => null);
      set({ busy: false, ...(call ? { call } : {}) });
      return call !== null;
    },
    accept: () => act(async (call) => ((await answerCall(call, 'accept')) ? { ...call, phase: 'connected' } : null)),
    decline: async () => {
      // Declining closes the dialog; nothing is left to show on this side.
      const declined = await act(async (call) => ((await answerCall(call, 'reject')) ? { ...call, phase: 'ended', end: 'rejected' } : null));
      if (declined) set({ call: null });
      return declined;
    },
    hangUp: () =>
      act(async (call) => {
        const ok = call.phase === 'ringing' ? await cancelCall(call) : await endCall(call);
        return ok ? { ...call, phase: 'ended', end: call.phase === 'ringing' ? 'cancelled' : 'ended' } : null;
      }),
    giveUp: () =>
      act(async (call) => {
        if (call.direction !== 'outgoing' || call.phase !== 'ringing') return call;
        return (await cancelCall(call)) ? { ...call, phase: 'ended', end: 'unanswered' } : null;
      }),
    dismiss: () => set((state) => (isLive(state.call) ? state : { call: null })),
  };
});
