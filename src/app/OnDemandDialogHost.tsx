// The dialog host with its dialogs (ConfirmDialog, Dialog and their kit) loads with the first dialog asked for, or
// with the signed-in app (loadDialogHost): the login page rarely opens one, and their modules stay out of the entry.
// The queue (src/ui/dialogStore.ts) is small and in the entry, so confirmAction / showNotice work from the start and
// wait while the host loads; if it cannot load, the waiting dialogs answer no (as on logout) and the next one asked
// tries again.
import { useEffect, useState } from 'react';
import { dismissAllDialogs, useDialogQueue } from '../ui/dialogStore.ts';

type Host = typeof import('../ui/DialogHost.tsx').DialogHost;

let loaded: Host | null = null;
let loading: Promise<Host> | null = null;

/** The host's chunk, fetched once; a failed fetch is forgotten, so a later call tries again. */
export function loadDialogHost(): Promise<Host> {
  loading ??= import('../ui/DialogHost.tsx').then(
    (m) => (loaded = m.DialogHost),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function OnDemandDialogHost({ defaultTitle }: { defaultTitle: string }) {
  const asked = useDialogQueue((state) => state.queue.length > 0);
  const [DialogHost, setDialogHost] = useState<Host | null>(() => loaded);
  useEffect(() => {
    if (!asked || DialogHost) return;
    let live = true;
    loadDialogHost().then(
      (host) => live && setDialogHost(() => host),
      () => live && dismissAllDialogs(),
    );
    return () => {
      live = false;
    };
  }, [asked, DialogHost]);
  return asked && DialogHost ? <DialogHost defaultTitle={defaultTitle} /> : null;
}
