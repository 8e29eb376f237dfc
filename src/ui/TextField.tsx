// Labelled input with an error line tied to it through aria-describedby; `hideLabel` keeps the label for screen readers.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './TextField.module.scss';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hideLabel?: boolean;
  error?: string | null;
  hint?: string;
  /** Content at the end of the input, e.g. a password-visibility toggle. */
  end?: ReactNode;
  layout?: 'vertical' | 'horizontal';
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hideLabel, error, hint, end, layout = 'vertical', id, className, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, styles[layout], className ?? ''].join(' ')}>
      <label htmlFor={inputId} className={hideLabel ? 'cg-visually-hidden' : styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <div className={[styles.inputWrap, error ? styles.invalid : ''].join(' ')}>
          <input
            {...rest}
            ref={ref}
            id={inputId}
            className={styles.input}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            placeholder={rest.placeholder ?? (hideLabel ? label : undefined)}
          />
          {end}
        </div>
        {hint ? <p id={hintId} className={styles.hint}>{hint}</p> : null}
        {error ? <p id={errorId} className={styles.error}>{error}</p> : null}
      </div>
    </div>
  );
});
