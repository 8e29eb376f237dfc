// Text from other people rendered as text only: detected links are http(s) and open safely in a new tab; the text
// is bidi-isolated (an override cannot reorder what follows it), stacked combining marks are clamped, a long
// text is collapsed behind 'Show more', and one to three emoji alone are shown enlarged (when the variant does).
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IS_SHOW_ENLARGED_EMOJI } from '@variant/flags';
import { linkify } from '../model/linkify.ts';
import { splitMentions } from '../model/mentions.ts';
import { clampCombiningMarks, isEmojiOnly, isLongText } from '../../../core/messages/text.ts';
import styles from './Chat.module.scss';

const noMentions: readonly string[] = [];

/** `mentions`: the names of the members the message mentions; each `@Name` of them is highlighted. */
export function MessageText({ text, mentions = noMentions }: { text: string; mentions?: readonly string[] }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const shown = clampCombiningMarks(text);
  const long = isLongText(shown);
  const enlarged = IS_SHOW_ENLARGED_EMOJI && isEmojiOnly(shown);
  const className = [styles.text, enlarged ? styles.emojiOnly : '', long && !expanded ? styles.collapsed : ''].join(' ');
  return (
    <>
      <bdi dir="auto" className={className} data-testid="message-text" data-emoji-only={enlarged ? 'true' : undefined}>
        {linkify(shown).map((segment, index) =>
          segment.kind === 'link' ? (
            <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer">
              {segment.text}
            </a>
          ) : (
            <Fragment key={index}>
              {splitMentions(segment.text, mentions).map((part, at) =>
                part.kind === 'mention' ? (
                  <mark key={at} className={styles.mention} data-testid="mention">
                    {part.text}
                  </mark>
                ) : (
                  <Fragment key={at}>{part.text}</Fragment>
                ),
              )}
            </Fragment>
          ),
        )}
      </bdi>
      {long ? (
        <button type="button" className={styles.showMore} aria-expanded={expanded} onClick={() => setExpanded((open) => !open)}>
          {expanded ? t('chat.showLess') : t('chat.showMore')}
        </button>
      ) : null}
    </>
  );
}
