// One room menu at a time (the room list's rows and the chat header share it): the menu, the mute dialog, the
// confirmation of actions that lose something, and the server's answer as a toast when it refuses.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Room } from '@generated/types/index';
import { confirmAction, showToast, usePanelNav } from '../../../ui/index.ts';
import { errorMessage } from '../../../core/index.ts';
import { useRoomListSlots } from '../slots.ts';
import { runRoomAction, type MuteChoice } from '../api/roomActions.ts';
import { CONFIRMED_ACTIONS, roomActions, type RoomAction } from '../model/roomActions.ts';
import { roomTitle, useFunctionRoles } from '../../../domain/index.ts';
import { MuteDialog } from './MuteDialog.tsx';
import { RoomMenu, useActionLabel, type MenuAnchor } from './RoomMenu.tsx';

/** Actions after which the room is no longer in the list: its open view closes. */
const LEAVES_LIST: ReadonlySet<RoomAction | 'unhide'> = new Set(['hide', 'archive', 'leave', 'delete', 'deleteAndExport']);

/** Runs a room action as the user asked it: confirmed first where it loses something; refusals shown. */
export function useRoomActionRunner() {
  const { t, i18n } = useTranslation();
  const label = useActionLabel();
  const { exportRoomTranscript } = useRoomListSlots();
  return useCallback(
    async (action: RoomAction | 'unhide', room: Room, mute?: MuteChoice): Promise<boolean> => {
      const name = roomTitle(room);
      if (action !== 'unhide' && CONFIRMED_ACTIONS.has(action)) {
        const kind = action === 'delete' && room.roomType === 'SINGLE' ? 'deleteChat' : action;
        const confirmed = await confirmAction({
          title: label(action, room),
          message: t(`rooms.confirm.${kind}`, { name }),
          confirmLabel: label(action, room),
          // Archiving loses nothing (a new message brings the room back): not coloured as a danger.
          tone: action === 'archive' ? 'default' : 'danger',
        });
        if (!confirmed) return false;
      }
      // Export saves the chat's transcript at once; the hospital delete-and-export is finished by the server later.
      const outcome = action === 'export' ? await exportRoomTranscript(room.roomId, t) : await runRoomAction(action, room.roomId, mute);
      if (!outcome.ok) {
        showToast(errorMessage(outcome.errMsgList, i18n.language) ?? t('errors.actionFailed'), 'error');
        return false;
      }
      if (action === 'deleteAndExport') showToast(t('rooms.exportStarted'), 'success');
      const nav = usePanelNav.getState();
      if (LEAVES_LIST.has(action) && nav.room?.roomId === room.roomId) nav.selectRoom(null);
      return true;
    },
    [exportRoomTranscript, i18n.language, label, t],
  );
}

export function useRoomMenu() {
  const roles = useFunctionRoles();
  const run = useRoomActionRunner();
  const [menu, setMenu] = useState<{ room: Room; anchor: MenuAnchor } | null>(null);
  const [muting, setMuting] = useState<Room | null>(null);
  const open = useCallback((room: Room, anchor: MenuAnchor) => setMenu({ room, anchor }), []);
  const close = useCallback(() => setMenu(null), []);

  const pick = (room: Room, action: RoomAction) => {
    if (action === 'mute') setMuting(room);
    else void run(action, room);
  };

  const element = (
    <>
      {menu ? <RoomMenu room={menu.room} actions={roomActions(menu.room, roles)} anchor={menu.anchor} onPick={(action) => pick(menu.room, action)} onClose={close} /> : null}
      {muting ? (
        <MuteDialog
          roomName={roomTitle(muting)}
          onClose={() => setMuting(null)}
          onMute={(choice) => {
            const room = muting;
            setMuting(null);
            void run('mute', room, choice);
          }}
        />
      ) : null}
    </>
  );
  return { open, element, isOpen: menu !== null };
}

/**
 * Where a menu opened from a button appears: under the button, aligned to its end (a row's '⋯' at the row's end)
 * or its start (the chat header's dropdown beside the room's name, so that the menu opens over the chat, not over
 * the room list).
 */
export function anchorBelow(button: HTMLElement, align: 'start' | 'end' = 'end'): MenuAnchor {
  const rect = button.getBoundingClientRect();
  return { x: align === 'end' ? rect.right : rect.left, y: rect.bottom + 4, align };
}
