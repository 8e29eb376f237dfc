// Native checkbox with its label: keeps keyboard and screen-reader behaviour of the platform.
import { useId, type InputHTMLAttributes } from 'react';
import styles from './Checkbox.module.scss';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
}

export function Checkbox({ label, id, className, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={[styles.row, className ?? ''].join(' ')}>
      <input {...rest} id={inputId} type="checkbox" className={styles.box} />
      <label htmlFor={inputId}>{label}</label>
    </div>
  );
}
