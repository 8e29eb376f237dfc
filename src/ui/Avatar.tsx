// Avatar: the picture when there is one, else initials; decorative next to a visible name, so it is hidden from
// screen readers.
import styles from './Avatar.module.scss';

export interface AvatarProps {
  name: string;
  group?: boolean;
  /** The picture (a data URL or an address). */
  src?: string;
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0] ?? '')[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1] ?? '')[0] ?? '') : '';
  return (first + last).toUpperCase();
}

export function Avatar({ name, group, src }: AvatarProps) {
  return (
    <span className={[styles.avatar, group ? styles.group : ''].join(' ')} aria-hidden="true" data-picture={src ? 'true' : undefined}>
      {src ? <img className={styles.picture} src={src} alt="" /> : initials(name)}
    </span>
  );
}
