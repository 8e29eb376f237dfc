// Upload and download progress; without a known total it shows an indeterminate bar.
import styles from './ProgressBar.module.scss';

export interface ProgressBarProps {
  label: string;
  /** 0..1, or null when the total is unknown. */
  value: number | null;
}

export function ProgressBar({ label, value }: ProgressBarProps) {
  const percent = value === null ? undefined : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div
        className={[styles.bar, percent === undefined ? styles.indeterminate : ''].join(' ')}
        style={percent === undefined ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
