// A row of tabs over one panel (the account selector, the broadcast's recipient selections).
import { useId, type ReactNode } from 'react';
import styles from './AccountPicker.module.scss';

export interface TabsProps<T extends string> {
  label: string;
  tabs: readonly { id: T; label: string }[];
  value: T;
  onChange: (id: T) => void;
  /** Shown between the tab row and the panel. */
  between?: ReactNode;
  children: ReactNode;
}

export function Tabs<T extends string>({ label, tabs, value, onChange, between, children }: TabsProps<T>) {
  const baseId = useId();
  return (
    <>
      <div role="tablist" className={styles.tabs} aria-label={label}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${baseId}-${tab.id}`}
            aria-selected={tab.id === value}
            aria-controls={`${baseId}-panel`}
            className={styles.tab}
            onClick={() => onChange(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {between}
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${value}`} className={styles.panel}>
        {children}
      </div>
    </>
  );
}
