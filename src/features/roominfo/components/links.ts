// The pages the room info page links to, each shown when the member may use it.
import type { PanelPageDef } from '../../../ui/index.ts';
import type { RoomInfoPermissions } from '../model/permissions.ts';

import { IS_ALLOW_DND, IS_ALLOW_EMAIL_GROUP, IS_ALLOW_EMAIL_ROOM_INFO, IS_ALLOW_ROOM_EVENTS } from '@variant/flags';
import { auditInfoPage } from './AuditPages.tsx';
import { dndMembersPage } from './DndMembers.tsx';
import { emailGroupPage } from './EmailGroup.tsx';
import { emailRoomInfoPage } from './EmailRoomInfo.tsx';
import { roomEventsPage } from './RoomEvents.tsx';
import { editRoomPolicyPage } from './PolicyPage.tsx';

export { addMembersPage } from './AddMembers.tsx';

export interface RoomInfoLink {
  page: PanelPageDef<{ roomId: string }>;
  label: string;
}

const links: (RoomInfoLink & { allowed: (can: RoomInfoPermissions) => boolean })[] = [
  { page: editRoomPolicyPage, label: 'rooms.policy.heading', allowed: (can) => can.viewPolicy },
  { page: auditInfoPage, label: 'rooms.audit.heading', allowed: (can) => can.audit },
  { page: roomEventsPage, label: 'rooms.events.heading', allowed: (can) => IS_ALLOW_ROOM_EVENTS && can.member },
  { page: dndMembersPage, label: 'rooms.dnd.heading', allowed: (can) => IS_ALLOW_DND && can.member },
  { page: emailRoomInfoPage, label: 'rooms.email.heading', allowed: (can) => IS_ALLOW_EMAIL_ROOM_INFO && can.member },
  { page: emailGroupPage, label: 'rooms.emailGroup.heading', allowed: (can) => IS_ALLOW_EMAIL_GROUP && can.member },
];

export function roomInfoLinks(can: RoomInfoPermissions): RoomInfoLink[] {
  return links.filter((link) => link.allowed(can));
}
