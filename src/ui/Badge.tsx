// Count or marker badge (unread, mentioned); its label gives screen readers the meaning of the number.
import type { ReactNode } from 'react';
import styles from './Badge.module.scss';

export interface BadgeProps {
  children: ReactNode;
  label: string;
  tone?: 'unread' | 'mention' | 'muted';
}

export function Badge({ children, label, tone = 'unread' }: BadgeProps) {
  return (
    <span className={[styles.badge, styles[tone]].join(' ')} aria-label={label} title={label} role="img">
      {children}
    </span>
  );
}
