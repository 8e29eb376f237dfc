// An icon button that opens a menu of actions under it (WAI-ARIA menu button): Enter, Space or a click opens it
// on its first item, ArrowDown/ArrowUp on the button open it on the first/last; in the menu the arrows move,
// Escape (and Tab) close it and give the focus back to the button, a click outside closes it.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { LucideIcon } from 'lucide-react';
import { IconButton } from './IconButton.tsx';
import { menuKeyDown } from './menuKeys.ts';
import styles from './MenuButton.module.scss';

export interface MenuButtonItem {
  key: string;
  icon: LucideIcon;
  label: string;
  onSelect: () => void;
  /** The bundle marker of the feature flag that adds the item (docs/variants.md, "Bundle markers"). */
  flag?: string;
}

export interface MenuButtonProps {
  icon: LucideIcon;
  label: string;
  items: readonly MenuButtonItem[];
  testId?: string;
}

export function MenuButton({ icon, label, items, testId }: MenuButtonProps) {
  const [open, setOpen] = useState<'first' | 'last' | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const close = useCallback((refocus: boolean) => {
    setOpen(null);
    if (refocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const entries = menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    entries?.[open === 'first' ? 0 : entries.length - 1]?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [close, open]);

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  return (
    <div className={styles.anchor}>
      <IconButton
        ref={button}
        icon={icon}
        label={label}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? menuId : undefined}
        data-testid={testId}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKey}
      />
      {open ? (
        <ul ref={menu} id={menuId} role="menu" aria-label={label} className={styles.menu} onKeyDown={(event) => menuKeyDown(event, menu.current, () => close(true))}>
          {items.map((item) => (
            <li key={item.key} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                data-flag={item.flag}
                className={styles.item}
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
              >
                <item.icon aria-hidden="true" focusable="false" className={styles.icon} />
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
