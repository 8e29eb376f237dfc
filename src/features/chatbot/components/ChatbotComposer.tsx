// The input bar of a chatbot room: a typed question goes through chatbot/sendmessage (the server posts it as the
// caller's message and the chatbot's answer after it); files and the other message kinds have no way to a chatbot.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendHorizontal } from 'lucide-react';
import { IconButton, showToast } from '../../../ui/index.ts';
import { askChatbot } from '../api/chatbot.ts';
import { langIdOf } from '../../../core/index.ts';
import styles from './Chatbot.module.scss';

/** The chatbot's questions are short; the seed's text limit of other messages is far beyond any need here. */
const MAX_QUESTION = 500;

export function ChatbotComposer({ chatbotId }: { chatbotId: string }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const question = text.trim();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!question || busy) return;
    setBusy(true);
    const ok = await askChatbot(chatbotId, langIdOf(i18n.language), question);
    setBusy(false);
    if (ok) setText('');
    else showToast(t('errors.actionFailed'));
  };
  return (
    <form className={styles.composer} onSubmit={(event) => void submit(event)} data-testid="chatbot-composer">
      <input
        className={styles.input}
        value={text}
        maxLength={MAX_QUESTION}
        aria-label={t('chatbot.ask')}
        placeholder={t('chatbot.askPlaceholder')}
        onChange={(event) => setText(event.target.value)}
      />
      <IconButton type="submit" icon={SendHorizontal} label={t('chat.send')} tone="accent" disabled={!question || busy} />
    </form>
  );
}
