// 'Read aloud' on a received text message: the server's provider speaks it (voice/speak) and the page plays it;
// a refusal shows the server's text.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Volume2 } from 'lucide-react';
import { IconButton, showToast } from '../../../ui/index.ts';
import { langIdOf } from '../../../core/index.ts';
import { speakMessage } from '../api/speech.ts';

export function ReadAloudAction({ messageId }: { messageId: string }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const read = async () => {
    setBusy(true);
    const result = await speakMessage(messageId, langIdOf(i18n.language)).catch(() => ({ ok: false as const, message: null }));
    setBusy(false);
    if (!result.ok) {
      showToast(result.message ?? t('errors.actionFailed'));
      return;
    }
    const url = URL.createObjectURL(result.audio);
    const player = new Audio(url);
    const release = () => URL.revokeObjectURL(url);
    player.onended = release;
    player.play().catch(() => {
      release();
      showToast(t('errors.actionFailed'));
    });
  };
  return <IconButton icon={Volume2} label={t('assist.readAloud')} disabled={busy} onClick={() => void read()} />;
}
