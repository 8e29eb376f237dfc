// What a room's policy lets the signed-in member do. The room list carries each room's policy entries; the
// seed's value kinds: member role (0 no one, 1 all, 2 room admins, 3 by function role), on/off (1/0) and
// number (0 = no limit). The server decides in the end; the client only hides what would be refused.
import type { Room, RoomPolicyEntry, RoomPolicyKey } from '@generated/types/index';
import { useProfile } from '../core/session/profile.ts';

export const POLICY_ROLE = { noOne: 0, all: 1, admins: 2, byRole: 3 } as const;

export interface Viewer {
  /** The member is a room admin. */
  isAdmin: boolean;
  /** The account's function roles (IM_USER, ADMIN). */
  roles: readonly string[];
}

export function policyEntry(policy: readonly RoomPolicyEntry[] | undefined, attr: RoomPolicyKey): RoomPolicyEntry | undefined {
  return policy?.find((entry) => entry.attr === attr);
}

/** Whether a member-role or on/off entry lets the viewer act; a missing entry allows (the server's rule). */
export function entryAllows(entry: RoomPolicyEntry | undefined, viewer: Viewer): boolean {
  if (!entry) return true;
  if (entry.type === 'BOOLEAN') return entry.value === 1;
  if (entry.type === 'NUMBER') return true;
  switch (entry.value) {
    case POLICY_ROLE.noOne:
      return false;
    case POLICY_ROLE.all:
      return true;
    case POLICY_ROLE.admins:
      return viewer.isAdmin;
    case POLICY_ROLE.byRole:
      // "By role": the function role ADMIN, and room admins (as the reference server grants it).
      return viewer.isAdmin || viewer.roles.includes('ADMIN');
    default:
      return false;
  }
}

export function roomAllows(room: Room, attr: RoomPolicyKey, roles: readonly string[]): boolean {
  if (room.isMember === false) return false;
  return entryAllows(policyEntry(room.policy, attr), { isAdmin: Boolean(room.isAdmin), roles });
}

/** The signed-in account's function roles (IM_USER, ADMIN): policies "by role" depend on them. */
export function useFunctionRoles(): readonly string[] {
  return useProfile().data?.functionRoleTypes ?? [];
}
