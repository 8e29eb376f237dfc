// The dialog host with its dialogs (ConfirmDialog, Dialog and their kit) loads with the first dialog asked for:
// the login page rarely opens one, and their modules stay out of the entry. The queue (src/ui/dialogStore.ts) is
// small and in the entry, so confirmAction / showNotice work from the start and wait while the host loads.
import { lazy, Suspense } from 'react';
import { useDialogQueue } from '../ui/dialogStore.ts';

const DialogHost = lazy(() => import('../ui/DialogHost.tsx').then((m) => ({ default: m.DialogHost })));

export function OnDemandDialogHost({ defaultTitle }: { defaultTitle: string }) {
  const asked = useDialogQueue((state) => state.queue.length > 0);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <DialogHost defaultTitle={defaultTitle} />
    </Suspense>
  );
}
