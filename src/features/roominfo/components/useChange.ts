// Runs a room change and shows the server's refusal (in the UI's language) as a toast.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../core/index.ts';
import { showToast } from '../../../ui/index.ts';
import type { ChangeOutcome } from '../api/data.ts';

export function useChange() {
  const { t, i18n } = useTranslation();
  return useCallback(
    async (work: Promise<ChangeOutcome>, done?: string): Promise<boolean> => {
      const outcome = await work;
      if (!outcome.ok) showToast(errorMessage(outcome.errMsgList, i18n.language) ?? t('errors.actionFailed'), 'error');
      else if (done) showToast(done, 'success');
      return outcome.ok;
    },
    [i18n.language, t],
  );
}
