// Message input: Enter sends, Shift+Enter breaks the line, @ opens the member picker, files and images are
// checked against the constants and the server's client config before they are sent; a text over the variant's
// length limit shows the maximum-text-exceeded notice and stays in the input, unsent.
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Clapperboard, ImagePlus, Paperclip, SendHorizontal, X, type LucideIcon } from 'lucide-react';
import type { Account } from '@generated/types/index';
import { constants } from '@variant/constants';
import { IS_ALLOW_OPERATE_MESSAGE, IS_ALLOW_MENTION, IS_ALLOW_MULTIPLE_FILE_SEND, IS_ALLOW_TAG_USER, IS_ALLOW_MSG_TYPE_FILE, IS_ALLOW_MSG_TYPE_IMAGE, IS_ALLOW_MSG_TYPE_VIDEO, IS_SHOW_ENLARGED_EMOJI } from '@variant/flags';
import { IconButton, showToast } from '../../../ui/index.ts';
import { characterCount, isEmojiOnly } from '../../../core/messages/text.ts';
import { chatServices } from '../../../core/session/services.ts';
import { useChatSlots } from '../slots.ts';
import { serviceOffered } from '../../../core/session/provider-services.ts';
import { personMatches, sizeParts } from '../../../domain/index.ts';
import { checkAttachment, extensionOf, fitFileName } from '../model/attachments.ts';
import { videoTooLong } from '../model/compose.ts';
import { videoInfo } from '../api/data.ts';
import { readDraft, writeDraft } from '../model/drafts.ts';
import type { ChatMessage, VideoMetadata } from '../api/data.ts';
import { insertMention, mentionQuery, mentionedIds, type PickedMention } from '../model/mentions.ts';
import styles from './Chat.module.scss';

const MAX_TEXT = constants.limits.messageTextMaxLength;
/** Tagging a member with '@' needs both the mention and the tag-user flag. */
const MENTIONS = IS_ALLOW_MENTION && IS_ALLOW_TAG_USER;

export interface ComposerProps {
  members: Account[];
  replyTo: ChatMessage | null;
  onCancelReply: () => void;
  /** Each edit of the text (the room's TYPING signal, throttled by the caller). */
  onTyping?: () => void;
  onSendText: (text: string, mentionIds: string[]) => void;
  onSendFile: (file: File, kind: 'image' | 'file') => void;
  /** A video that passed the checks, with what the browser read of it. */
  onSendVideo: (file: File, info: VideoMetadata) => void;
  /** The room whose draft the input keeps (the composer is keyed by it). */
  roomId: string;
  /** Buttons for the other kinds (poll, sticker), shown before the input. */
  tools?: ReactNode;
}

/** A button opening the browser's file choice; the files are handed over and the input is reset for the next. */
function FilePicker({ icon, label, accept, multiple = false, testId, onFiles }: { icon: LucideIcon; label: string; accept?: readonly string[]; multiple?: boolean; testId: string; onFiles: (files: File[]) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <IconButton icon={icon} label={label} onClick={() => ref.current?.click()} />
      <input
        ref={ref}
        type="file"
        hidden
        multiple={multiple}
        accept={accept?.map((ext) => `.${ext}`).join(',')}
        data-testid={testId}
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
    </>
  );
}

/** The seed's video preview types (mp4, webm, ogg): the ones a video may be sent as. */
const VIDEO_TYPES: readonly string[] = constants.upload.previewTypes.filter((type) => type !== 'pdf');

export function Composer({ members, replyTo, onCancelReply, onTyping, onSendText, onSendFile, onSendVideo, roomId, tools }: ComposerProps) {
  const { t, i18n } = useTranslation();
  const { PromptHelper } = useChatSlots();
  const locale = i18n.language.replace('_', '-');
  const myId = chatServices().accountId;
  const [text, setTextState] = useState(() => readDraft(myId, roomId));
  const setText = (next: string) => {
    setTextState(next);
    writeDraft(myId, roomId, next);
  };
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<PickedMention[]>([]);
  const [active, setActive] = useState(0);
  // Escape closes the suggestions until the text changes again.
  const [dismissed, setDismissed] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const tooLongId = useId();

  const query = MENTIONS ? mentionQuery(text, caret) : null;
  const candidates = useMemo(() => {
    if (query === null) return [];
    return members
      .filter((member) => member.accountId !== myId)
      .filter((member) => personMatches(member, query))
      .slice(0, 8);
  }, [members, myId, query]);
  const pickerOpen = !dismissed && candidates.length > 0;

  const pick = (member: Account) => {
    const name = member.userFullname ?? member.loginName ?? member.accountId;
    const next = insertMention(text, caret, name);
    setText(next.text);
    setCaret(next.caret);
    setPicked((current) => [...current, { accountId: member.accountId, name }]);
    setActive(0);
    requestAnimationFrame(() => {
      inputRef.current?.focus();
      inputRef.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const length = characterCount(text);
  const tooLong = length > MAX_TEXT;

  const send = () => {
    if (text.trim() === '' || tooLong) return;
    onSendText(text, mentionedIds(text, picked));
    setText('');
    setCaret(0);
    setPicked([]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return; // IME composition (Chinese input) uses Enter itself
    if (pickerOpen) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + candidates.length) % candidates.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const member = candidates[active] ?? candidates[0];
        if (member) pick(member);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(true);
        return;
      }
    }
    if (event.key === 'Escape' && replyTo) {
      onCancelReply();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  const onFiles = async (files: readonly File[], kind: 'image' | 'file' | 'video') => {
    const config = chatServices().clientConfig;
    const rules = {
      imageTypes: constants.upload.imageTypes,
      supportedFileTypes: kind === 'video' ? VIDEO_TYPES : (config?.supportedFileTypes ?? []),
      attachSize: config?.attachSize,
    };
    for (const picked of files) {
      const name = fitFileName(picked.name);
      const file = name === picked.name ? picked : new File([picked], name, { type: picked.type, lastModified: picked.lastModified });
      const problem = kind === 'video' && !VIDEO_TYPES.includes(extensionOf(file.name)) ? { key: 'errors.fileTypeUnsupported' as const, params: { name: file.name } } : checkAttachment(file, kind === 'video' ? 'file' : kind, rules);
      if (problem?.key === 'errors.attachTooLarge') {
        const limit = sizeParts(problem.params.limit);
        showToast(t(problem.key, { name: problem.params.name, limit: t(`size.${limit.unit}`, { value: limit.value }) }));
      } else if (problem) {
        showToast(t(problem.key, problem.params));
      } else if (kind === 'video') {
        const info = await videoInfo(file);
        const tooLong = videoTooLong(info.duration, config?.videoMaximumDurationInSeconds);
        if (tooLong) showToast(t('messages.videoTooLong', tooLong));
        else {
          const { duration, width, height } = info;
          onSendVideo(file, {
            size: file.size,
            ...(file.type ? { mimeType: file.type } : {}),
            ...(duration !== undefined && Number.isFinite(duration) ? { duration } : {}),
            ...(width && height ? { width, height } : {}),
          });
        }
      } else {
        onSendFile(file, kind);
      }
    }
  };

  return (
    <div className={styles.composer}>
      {replyTo ? (
        <div className={styles.replyBar}>
          <span className={styles.replyText}>
            {t('chat.replyingTo', { name: replyTo.messageUsername ?? '' })}: {replyTo.text ?? replyTo.aesMessageFilename ?? ''}
          </span>
          <IconButton icon={X} label={t('chat.cancelReply')} onClick={onCancelReply} />
        </div>
      ) : null}
      {pickerOpen ? (
        <ul id={listId} className={styles.mentionList} role="listbox" aria-label={t('chat.mentionList')}>
          {candidates.map((member, index) => (
            <li
              key={member.accountId}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? styles.mentionActive : styles.mentionOption}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(member);
              }}
            >
              <bdi className={styles.mentionName}>{member.userFullname ?? member.loginName}</bdi>
            </li>
          ))}
        </ul>
      ) : null}
      {/* Said once when suggestions appear or their number changes; the text box itself keeps the focus. */}
      <p className="cg-visually-hidden" role="status">
        {pickerOpen ? t('chat.mentionSuggestions', { count: candidates.length }) : ''}
      </p>
      <div className={styles.inputRow}>
        {IS_ALLOW_MSG_TYPE_FILE ? <FilePicker icon={Paperclip} label={t('chat.attachFile')} multiple={IS_ALLOW_MULTIPLE_FILE_SEND} testId="file-input" onFiles={(files) => void onFiles(files, 'file')} /> : null}
        {IS_ALLOW_MSG_TYPE_IMAGE ? (
          <FilePicker icon={ImagePlus} label={t('chat.attachImage')} multiple={IS_ALLOW_MULTIPLE_FILE_SEND} accept={constants.upload.imageTypes} testId="image-input" onFiles={(files) => void onFiles(files, 'image')} />
        ) : null}
        {IS_ALLOW_MSG_TYPE_VIDEO ? <FilePicker icon={Clapperboard} label={t('messages.attachVideo')} accept={VIDEO_TYPES} testId="video-input" onFiles={(files) => void onFiles(files, 'video')} /> : null}
        {tools}
        {IS_ALLOW_OPERATE_MESSAGE && serviceOffered('aiPrompt') ? <PromptHelper text={text} onUse={(next) => { setText(next); inputRef.current?.focus(); }} /> : null}
        {/* The text and Send stay on one line; the tools before them wrap above when the chat is narrow. */}
        <div className={styles.entry}>
          <textarea
            ref={inputRef}
            className={[styles.input, IS_SHOW_ENLARGED_EMOJI && isEmojiOnly(text) ? styles.emojiInput : ''].join(' ')}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? tooLongId : undefined}
            rows={1}
            value={text}
            aria-label={t('chat.composerLabel')}
            placeholder={t('chat.composerPlaceholder')}
            // A multi-line text box keeps its own role (a combobox may not be a textarea): while suggestions show, it
            // names their list and the highlighted one, and focus stays in the text (WAI-ARIA's list autocomplete).
            aria-autocomplete={pickerOpen ? 'list' : undefined}
            aria-controls={pickerOpen ? listId : undefined}
            aria-activedescendant={pickerOpen ? `${listId}-${active}` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setCaret(event.target.selectionStart);
              setActive(0);
              setDismissed(false);
              if (event.target.value.trim() !== '') onTyping?.();
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
          />
          <IconButton icon={SendHorizontal} label={t('chat.send')} tone="accent" onClick={send} disabled={text.trim() === '' || tooLong} />
        </div>
      </div>
      {tooLong ? (
        <p id={tooLongId} className={styles.tooLong} role="alert" data-testid="text-too-long">
          {t('chat.textTooLong', { max: MAX_TEXT.toLocaleString(locale), count: length.toLocaleString(locale) })}
        </p>
      ) : null}
    </div>
  );
}
