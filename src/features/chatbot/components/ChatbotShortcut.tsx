// The room list's chatbot entry (IS_SHOW_CHATBOT): opens the chatbot list.
import { useTranslation } from 'react-i18next';
import { Bot } from 'lucide-react';

export interface ChatbotShortcutProps {
  className?: string;
  onOpen: () => void;
}

export function ChatbotShortcut({ className, onOpen }: ChatbotShortcutProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className={className} onClick={onOpen} data-testid="chatbot-entry" data-flag="IS_SHOW_CHATBOT">
      <Bot aria-hidden="true" />
      {t('chatbot.list')}
    </button>
  );
}
