// The pages the room info page links to, each shown when the member may use it.
import type { PanelPageDef } from '../../../ui/index.ts';
import type { RoomInfoPermissions } from '../model/permissions.ts';

export { addMembersPage } from './AddMembers.tsx';

export interface RoomInfoLink {
  page: PanelPageDef<{ roomId: string }>;
  label: string;
}

const links: (RoomInfoLink & { allowed: (can: RoomInfoPermissions) => boolean })[] = [];

export function roomInfoLinks(can: RoomInfoPermissions): RoomInfoLink[] {
  return links.filter((link) => link.allowed(can));
}
