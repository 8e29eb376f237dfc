// Text button of the kit; `busy` keeps the label but disables it so a form cannot be sent twice.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import styles from './Button.module.scss';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  busy?: boolean;
  icon?: ReactNode;
  block?: boolean;
}

export function Button({ variant = 'primary', busy = false, icon, block, className, disabled, children, type, ...rest }: ButtonProps) {
  const classes = [styles.button, styles[variant], block ? styles.block : '', className ?? ''].join(' ');
  return (
    <button {...rest} type={type ?? 'button'} className={classes} disabled={disabled || busy} aria-busy={busy || undefined}>
      {icon ? <span className={styles.icon} aria-hidden="true">{icon}</span> : null}
      <span>{children}</span>
    </button>
  );
}
