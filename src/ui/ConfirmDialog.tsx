// A question before an action that cannot be taken back (logout, delete for everyone, leave a room), and a notice
// with one OK button. Both are alert dialogs: the message is read out, Escape and the close button cancel.
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import styles from './Dialog.module.scss';

export interface ConfirmOptions {
  title: string;
  message: string;
  /** Names the action ('Logout', 'Delete for everyone'), never a bare 'OK'. */
  confirmLabel: string;
  /** Defaults to 'Cancel'. */
  cancelLabel?: string;
  /** 'danger' colours the action and puts the focus on Cancel, so Enter does not destroy anything by accident. */
  tone?: 'default' | 'danger';
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, tone = 'default', onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog
      open={open}
      title={title}
      message={message}
      focusRef={tone === 'danger' ? cancelRef : confirmRef}
      onClose={onCancel}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button ref={confirmRef} variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

export interface NoticeOptions {
  /** Defaults to the variant's title. */
  title?: string;
  message: string;
  /** Defaults to 'OK'. */
  okLabel?: string;
}

export interface NoticeDialogProps extends NoticeOptions {
  open: boolean;
  title: string;
  onClose: () => void;
}

export function NoticeDialog({ open, title, message, okLabel, onClose }: NoticeDialogProps) {
  const { t } = useTranslation();
  const okRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog
      open={open}
      title={title}
      message={message}
      focusRef={okRef}
      onClose={onClose}
      footer={
        <Button ref={okRef} onClick={onClose}>
          {okLabel ?? t('common.ok')}
        </Button>
      }
    />
  );
}

interface AlertDialogProps {
  open: boolean;
  title: string;
  message: string;
  focusRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  footer: ReactNode;
}

function AlertDialog({ open, title, message, focusRef, onClose, footer }: AlertDialogProps) {
  const messageId = useId();
  return (
    <Dialog open={open} title={title} role="alertdialog" describedBy={messageId} initialFocusRef={focusRef} onClose={onClose} footer={footer}>
      <p id={messageId} className={styles.message}>
        {message}
      </p>
    </Dialog>
  );
}
