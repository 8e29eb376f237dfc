import { beforeEach, describe, expect, it } from 'vitest';
import { confirmAction, dismissAllDialogs, showNotice, useDialogQueue } from './dialogStore.ts';

const first = () => useDialogQueue.getState().queue[0]!;

describe('dialog queue', () => {
  beforeEach(() => dismissAllDialogs());

  it('answers true on confirm and false on cancel, one dialog at a time in order', async () => {
    const logout = confirmAction({ title: 'Logout', message: 'Log out now?', confirmLabel: 'Logout' });
    const recall = confirmAction({ title: 'Delete', message: 'For everyone?', confirmLabel: 'Delete for everyone', tone: 'danger' });
    expect(useDialogQueue.getState().queue.map((item) => item.options.message)).toEqual(['Log out now?', 'For everyone?']);
    useDialogQueue.getState().settle(first().id, true);
    expect(await logout).toBe(true);
    expect(first().options.message).toBe('For everyone?');
    useDialogQueue.getState().settle(first().id, false);
    expect(await recall).toBe(false);
    expect(useDialogQueue.getState().queue).toEqual([]);
  });

  it('a notice resolves when closed; settling twice does nothing more', async () => {
    let closed = 0;
    const notice = showNotice({ message: 'This Feature Is Not Supported In Web Client.' }).then(() => (closed += 1));
    const id = first().id;
    useDialogQueue.getState().settle(id, false);
    useDialogQueue.getState().settle(id, false);
    await notice;
    expect(closed).toBe(1);
  });

  it('dismissAllDialogs answers every waiting question with no', async () => {
    const answers = Promise.all([
      confirmAction({ title: 'a', message: 'a', confirmLabel: 'a' }),
      confirmAction({ title: 'b', message: 'b', confirmLabel: 'b' }),
    ]);
    dismissAllDialogs();
    expect(await answers).toEqual([false, false]);
  });
});
