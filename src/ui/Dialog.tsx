// Modal dialog on the native <dialog>: focus trapping, Escape and the backdrop come from the platform.
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './IconButton.tsx';
import styles from './Dialog.module.scss';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Focused when the dialog opens (otherwise the platform focuses the first control, the close button). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Id of the element that describes the dialog (an alert dialog's message). */
  describedBy?: string;
  /** Wide enough for media (a viewer, a preview): up to 960 px instead of 480 px. */
  wide?: boolean;
  /** A media viewer: its title in the variant's media viewer title size and weight (seed section 9). */
  mediaTitle?: boolean;
}

export function Dialog({ open, title, onClose, children, footer, role = 'dialog', initialFocusRef, describedBy, wide = false, mediaTitle = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { t } = useTranslation();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    // The platform gives focus back only when a dialog closes in place; one that unmounts must do it itself.
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocusRef?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, [open, initialFocusRef]);
  return (
    <dialog
      ref={ref}
      role={role}
      className={[styles.dialog, wide ? styles.wide : ''].join(' ')}
      aria-labelledby={titleId}
      aria-describedby={open ? describedBy : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <header className={styles.header}>
            <h2 id={titleId} className={[styles.title, mediaTitle ? styles.mediaTitle : ''].join(' ')}>
              {title}
            </h2>
            <IconButton icon={X} label={t('common.close')} onClick={onClose} />
          </header>
          <div className={styles.body}>{children}</div>
          {footer ? <footer className={styles.footer}>{footer}</footer> : null}
        </>
      ) : null}
    </dialog>
  );
}
