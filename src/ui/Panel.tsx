// A titled region (landmark with a heading) used for the three chat panels and side pages.
import { useId, type ReactNode } from 'react';
import styles from './Panel.module.scss';

export interface PanelProps {
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  label?: string;
  actions?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
  as?: 'section' | 'aside' | 'nav' | 'main';
}

export function Panel({ title, label, actions, footer, children, className, as: Tag = 'section' }: PanelProps) {
  const headingId = useId();
  return (
    <Tag className={[styles.panel, className ?? ''].join(' ')} aria-labelledby={title ? headingId : undefined} aria-label={title ? undefined : label}>
      {title || actions ? (
        <header className={styles.header}>
          {title ? <h2 id={headingId} className={styles.title}>{title}</h2> : <span />}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </header>
      ) : null}
      <div className={styles.body}>{children}</div>
      {footer ? <footer className={styles.footer}>{footer}</footer> : null}
    </Tag>
  );
}
