// Avatar: the picture when there is one, else initials; decorative next to a visible name, so it is hidden from
// screen readers.
import styles from './Avatar.module.scss';
import { initials } from './initials.ts';

export interface AvatarProps {
  name: string;
  group?: boolean;
  /** The picture (a data URL or an address). */
  src?: string;
}

export function Avatar({ name, group, src }: AvatarProps) {
  return (
    <span className={[styles.avatar, group ? styles.group : ''].join(' ')} aria-hidden="true" data-picture={src ? 'true' : undefined}>
      {src ? <img className={styles.picture} src={src} alt="" /> : initials(name)}
    </span>
  );
}
