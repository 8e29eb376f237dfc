// The latest built-in conference this account was invited to, until it is opened or put away.
import { create } from 'zustand';
import type { Invitation } from '../model/conference.ts';

interface InvitationStore {
  invitation: Invitation | null;
  invite: (invitation: Invitation) => void;
  dismiss: () => void;
}

export const useInvitationStore = create<InvitationStore>((set) => ({
  invitation: null,
  invite: (invitation) => set({ invitation }),
  dismiss: () => set({ invitation: null }),
}));
