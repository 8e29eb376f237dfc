// The seed's empty-state texts ('No Room Found', ...) with an icon, centred in their panel.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './EmptyState.module.scss';

export interface EmptyStateProps {
  icon?: LucideIcon;
  text: string;
  children?: ReactNode;
}

export function EmptyState({ icon: Icon, text, children }: EmptyStateProps) {
  return (
    <div className={styles.empty} data-testid="empty-state">
      {Icon ? <Icon aria-hidden="true" className={styles.icon} /> : null}
      <p className={styles.text}>{text}</p>
      {children}
    </div>
  );
}
