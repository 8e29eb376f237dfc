// The room menu: opened by right-clicking a room row, by the row's '⋯' button (keyboard and touch) and by the
// chat header's dropdown. A menu of the actions the room's policy and the variant allow, placed at the pointer
// or under its button. It stays in the page where it was opened, inside that panel's landmark (the room list's or
// the chat's) for screen readers and axe's 'region' rule; fixed to the window, the room list's scroller does not clip
// it (no panel around it may set a transform, filter or containment, which would).
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import { Archive, Bell, BellOff, Download, Eraser, EyeOff, LogOut, Pin, PinOff, Trash2 } from 'lucide-react';
import type { Room } from '@generated/types/index';
import type { RoomAction } from '../model/roomActions.ts';
import { roomTitle } from '../../../domain/index.ts';
import { menuKeyDown } from '../../../ui/index.ts';
import styles from './RoomMenu.module.scss';

export interface MenuAnchor {
  x: number;
  y: number;
  /** 'end': the menu's end edge at `x` (under a button at the end of a row); else its start edge, as at a pointer. */
  align?: 'start' | 'end';
}

const ICONS: Record<RoomAction, LucideIcon> = {
  pin: Pin,
  unpin: PinOff,
  mute: BellOff,
  unmute: Bell,
  hide: EyeOff,
  archive: Archive,
  export: Download,
  clearMessages: Eraser,
  leave: LogOut,
  delete: Trash2,
  deleteAndExport: Trash2,
};

/** The label of an action; deleting a group uses the variant's wording ('Delete Group', 'Exit and Delete Group (Self)'). */
export function useActionLabel(): (action: RoomAction, room: Room) => string {
  const { t } = useTranslation();
  return (action, room) => {
    if (action === 'deleteAndExport' || (action === 'delete' && room.roomType !== 'SINGLE')) return t('deleteGroupLabel');
    return t(`rooms.menu.${action}`);
  };
}

export interface RoomMenuProps {
  room: Room;
  actions: readonly RoomAction[];
  anchor: MenuAnchor;
  onPick: (action: RoomAction) => void;
  onClose: () => void;
}

export function RoomMenu({ room, actions, anchor, onPick, onClose }: RoomMenuProps) {
  const { t } = useTranslation();
  const label = useActionLabel();
  const ref = useRef<HTMLUListElement>(null);
  const [position, setPosition] = useState(anchor);
  // What had the focus when the menu opened (its button, the row): Escape, Tab and a picked item give it back, as
  // the kit's menu button does, so that a dialog an item opens returns there too.
  const returnTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
  const closeBack = () => {
    onClose();
    if (returnTo.current?.isConnected) returnTo.current.focus();
  };

  // Kept inside the window: a menu opened near the bottom or the right edge opens upwards or leftwards.
  useLayoutEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const { width, height } = menu.getBoundingClientRect();
    const x = anchor.align === 'end' ? anchor.x - width : anchor.x;
    setPosition({ x: Math.max(4, Math.min(x, window.innerWidth - width - 4)), y: Math.max(4, Math.min(anchor.y, window.innerHeight - height - 4)) });
    menu.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [anchor]);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onClose();
    };
    const away = () => onClose();
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('resize', away);
    window.addEventListener('blur', away);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('resize', away);
      window.removeEventListener('blur', away);
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => menuKeyDown(event, ref.current, closeBack);

  return (
    <ul
      ref={ref}
      role="menu"
      aria-label={t('rooms.menu.label', { name: roomTitle(room) })}
      className={styles.menu}
      style={{ left: position.x, top: position.y }}
      onKeyDown={onKeyDown}
      data-testid="room-menu"
    >
      {actions.length === 0 ? (
        <li role="none" className={styles.empty}>
          {t('rooms.menu.none')}
        </li>
      ) : null}
      {actions.map((action) => {
        const Icon = ICONS[action];
        const danger = action === 'leave' || action === 'delete' || action === 'deleteAndExport';
        return (
          <li key={action} role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={[styles.item, danger ? styles.danger : ''].join(' ')}
              onClick={() => {
                closeBack();
                onPick(action);
              }}
            >
              <Icon className={styles.icon} aria-hidden="true" />
              {label(action, room)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
