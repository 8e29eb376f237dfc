// A spinner that appears only after the variant's spinner delay, so fast answers never flash one.
import { useTranslation } from 'react-i18next';
import { timings } from '@variant/constants/timings';
import styles from './Spinner.module.scss';
import { useHeldFor } from './useHeldFor.ts';

export interface SpinnerProps {
  size?: 'small' | 'large';
  label?: string;
  delayMs?: number;
}

export function Spinner({ size = 'small', label, delayMs = timings.spinnerDelayMs }: SpinnerProps) {
  const visible = useHeldFor(true, delayMs);
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <div className={[styles.wrap, styles[size]].join(' ')} role="status">
      <span className={styles.ring} aria-hidden="true" />
      <span className="cg-visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}
