// Icon-only button: the label is required and becomes the accessible name and the tooltip.
import type { ButtonHTMLAttributes, Ref } from 'react';
import type { LucideIcon } from 'lucide-react';
import styles from './IconButton.module.scss';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: LucideIcon;
  label: string;
  pressed?: boolean;
  ref?: Ref<HTMLButtonElement>;
  tone?: 'default' | 'accent' | 'danger';
}

export function IconButton({ icon: Icon, label, pressed, tone = 'default', className, type, ...rest }: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      className={[styles.iconButton, styles[tone], className ?? ''].join(' ')}
    >
      <Icon aria-hidden="true" focusable="false" className={styles.glyph} />
    </button>
  );
}
