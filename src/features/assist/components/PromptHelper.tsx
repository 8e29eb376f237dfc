// The AI prompt helper in the composer (IS_ALLOW_OPERATE_MESSAGE): the user picks what to do with the text being
// written (polish, shorten, make formal, translate), sees the provider's answer and may put it into the input.
// Nothing is sent to the room until the user sends it.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sparkles } from 'lucide-react';
import { Button, Dialog, IconButton } from '../../../ui/index.ts';
import { langIdOf } from '../../../core/index.ts';
import { runPrompt } from '../api/operate.ts';
import { PROMPT_APPS, PROMPT_INPUT_MAX, promptInput, type PromptApp } from '../model/prompts.ts';
import styles from './Assist.module.scss';

export interface PromptHelperProps {
  /** The composer's text when the helper opens. */
  text: string;
  /** Puts the chosen answer into the composer. */
  onUse: (text: string) => void;
}

type Outcome = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; text: string } | { kind: 'failed'; message: string };

function PromptDialog({ text, onUse, onClose }: PromptHelperProps & { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [input, setInput] = useState(text);
  const [app, setApp] = useState<PromptApp>(PROMPT_APPS[0]);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const inputId = useId();
  const prompt = promptInput(input);
  const ask = async () => {
    if (!prompt) return;
    setOutcome({ kind: 'busy' });
    const result = await runPrompt(app, prompt, langIdOf(i18n.language)).catch(() => ({ ok: false as const, message: null }));
    setOutcome(result.ok ? { kind: 'done', text: result.text } : { kind: 'failed', message: result.message ?? t('errors.actionFailed') });
  };
  return (
    <Dialog
      open
      title={t('assist.helper')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" disabled={!prompt || outcome.kind === 'busy'} onClick={() => void ask()}>
            {t('assist.ask')}
          </Button>
          <Button
            disabled={outcome.kind !== 'done'}
            onClick={() => {
              if (outcome.kind === 'done') onUse(outcome.text);
              onClose();
            }}
          >
            {t('assist.use')}
          </Button>
        </>
      }
    >
      <fieldset className={styles.apps}>
        <legend>{t('assist.whatToDo')}</legend>
        {PROMPT_APPS.map((id) => (
          <label key={id} className={styles.app}>
            <input type="radio" name="prompt-app" value={id} checked={app === id} onChange={() => setApp(id)} />
            {t(`assist.apps.${id}`)}
          </label>
        ))}
      </fieldset>
      <label htmlFor={inputId} className={styles.fieldLabel}>{t('assist.input')}</label>
      <textarea id={inputId} className={styles.input} rows={4} maxLength={PROMPT_INPUT_MAX} value={input} onChange={(event) => setInput(event.target.value)} />
      {outcome.kind === 'busy' ? <p role="status">{t('assist.working')}</p> : null}
      {outcome.kind === 'failed' ? <p className={styles.failed} role="alert" data-testid="prompt-error">{outcome.message}</p> : null}
      {outcome.kind === 'done' ? (
        <div className={styles.result} data-testid="prompt-result">
          <span className={styles.label}>{t('assist.result')}</span>
          <bdi className={styles.text}>{outcome.text}</bdi>
        </div>
      ) : null}
    </Dialog>
  );
}

export function PromptHelper({ text, onUse }: PromptHelperProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton data-flag="IS_ALLOW_OPERATE_MESSAGE" icon={Sparkles} label={t('assist.helper')} onClick={() => setOpen(true)} />
      {open ? <PromptDialog text={text} onUse={onUse} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
