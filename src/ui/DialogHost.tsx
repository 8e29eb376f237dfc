// Renders the first dialog asked for through confirmAction / showNotice; put one in the app's root beside ToastHost.
import { ConfirmDialog, NoticeDialog } from './ConfirmDialog.tsx';
import { useDialogQueue } from './dialogStore.ts';

export function DialogHost({ defaultTitle }: { defaultTitle: string }) {
  const current = useDialogQueue((state) => state.queue[0]);
  const settle = useDialogQueue((state) => state.settle);
  if (!current) return null;
  if (current.kind === 'notice') {
    const { title, ...options } = current.options;
    return <NoticeDialog key={current.id} open {...options} title={title ?? defaultTitle} onClose={() => settle(current.id, false)} />;
  }
  return (
    <ConfirmDialog
      key={current.id}
      open
      {...current.options}
      onConfirm={() => settle(current.id, true)}
      onCancel={() => settle(current.id, false)}
    />
  );
}
