// A row of icon actions that keeps the most used ones as buttons and folds the rest into a "More" menu, by the
// width of the row's container (a ResizeObserver; the steps are in overflow.ts, docs/client-ui.md "Chat header").
// The actions are declared as <ToolbarAction> children so that a flag's `data-flag` marker stays on the element
// that declares it; the toolbar renders each one as a button or as a menu item.
import { Children, isValidElement, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { MoreHorizontal } from 'lucide-react';
import { IconButton } from './IconButton.tsx';
import { MenuButton } from './MenuButton.tsx';
import { inlineCount, inlineIndices } from './overflow.ts';
import styles from './OverflowToolbar.module.scss';

export interface ToolbarActionProps {
  icon: LucideIcon;
  label: string;
  onSelect: () => void;
  /** How often it is used: lower ranks stay inline first. */
  rank: number;
  /** Shown as pressed while on (inline only: a menu item is an action, not a state). */
  pressed?: boolean;
  'data-flag'?: string;
}

/** Declares one action of an OverflowToolbar; the toolbar renders it. */
export function ToolbarAction(_props: ToolbarActionProps): null {
  return null;
}

/** The width the toolbar has before its container is measured: the chat header at 1366 px. */
const FIRST_WIDTH = 900;

export interface OverflowToolbarProps {
  moreLabel: string;
  children: ReactNode;
  className?: string;
}

export function OverflowToolbar({ moreLabel, children, className }: OverflowToolbarProps) {
  const row = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FIRST_WIDTH);
  useLayoutEffect(() => {
    const container = row.current?.parentElement;
    if (!container) return;
    setWidth(container.clientWidth);
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  const actions = Children.toArray(children)
    .filter((child): child is ReactElement<ToolbarActionProps> => isValidElement(child) && child.type === ToolbarAction)
    .map((child) => child.props);
  const inline = inlineIndices(
    actions.map((action) => action.rank),
    inlineCount(width, actions.length),
  );
  const folded = actions.filter((_, index) => !inline.has(index));

  return (
    <div ref={row} className={[styles.toolbar, className ?? ''].join(' ')}>
      {actions.map((action, index) =>
        inline.has(index) ? <IconButton key={action.label} icon={action.icon} label={action.label} pressed={action.pressed} data-flag={action['data-flag']} onClick={action.onSelect} /> : null,
      )}
      {folded.length > 0 ? (
        <MenuButton
          icon={MoreHorizontal}
          label={moreLabel}
          testId="toolbar-more"
          items={folded.map((action) => ({ key: action.label, icon: action.icon, label: action.label, onSelect: action.onSelect, flag: action['data-flag'] }))}
        />
      ) : null}
    </div>
  );
}
