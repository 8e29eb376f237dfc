// The chat header's dropdown: the same room menu as the room list's rows, under its button.
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import type { Room } from '@generated/types/index';
import { IconButton } from '../../../ui/index.ts';
import { roomTitle } from '../../../domain/index.ts';
import { anchorBelow, useRoomMenu } from './useRoomMenu.tsx';

export function RoomHeaderMenu({ room }: { room: Room }) {
  const { t } = useTranslation();
  const menu = useRoomMenu();
  return (
    <>
      <IconButton
        icon={ChevronDown}
        label={t('rooms.menu.label', { name: roomTitle(room) })}
        aria-haspopup="menu"
        aria-expanded={menu.isOpen}
        data-testid="room-header-menu"
        onClick={(event) => menu.open(room, anchorBelow(event.currentTarget, 'start'))}
      />
      {menu.element}
    </>
  );
}
