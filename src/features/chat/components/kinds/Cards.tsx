// The structured kinds, each shown from its payload (model/kinds.ts) as text only: location, contact and
// business cards, app cards, date and time, JSON cards, REQUEST / MC answer buttons, stickers and URL previews.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { AppWindow, CalendarClock, Contact, IdCard, MapPin } from 'lucide-react';
import { answerMcMessage } from '@generated/api/messages';
import { getStickersQuery } from '@generated/api/content';
import { unwrap } from '@generated/api/runtime';
import { Button, showToast } from '../../../../ui/index.ts';
import { chatServices } from '../../../../core/session/services.ts';
import { langIdOf } from '../../../../core/index.ts';
import {
  BUSINESS_CARD_FIELDS,
  CONTACT_CARD_FIELDS,
  jsonCardRows,
  mapLink,
  parseAppCard,
  parseChoice,
  parseContact,
  parseDateTime,
  parseLocation,
  parseSticker,
} from '../../../../domain/messageKinds.ts';
import { safeHref } from '../../model/linkify.ts';
import { answerChatbotCard, sendChecksum, type ChatMessage } from '../../api/data.ts';
import { useChatRoomContext } from '../RoomContext.tsx';
import styles from '../Chat.module.scss';

type KindProps = { message: ChatMessage };

function Unsupported() {
  const { t } = useTranslation();
  return <em className={styles.unsupported}>{t('errors.typeNotSupported')}</em>;
}

function Rows({ rows, testId }: { rows: { label: string; value: string }[]; testId: string }) {
  return (
    <dl className={styles.cardRows} data-testid={testId}>
      {rows.map((row) => (
        <div key={row.label} className={styles.cardRow}>
          <dt>{row.label}</dt>
          <dd><bdi>{row.value}</bdi></dd>
        </div>
      ))}
    </dl>
  );
}

export function LocationContent({ message }: KindProps) {
  const { t } = useTranslation();
  const location = parseLocation(message.text);
  if (!location) return <Unsupported />;
  const coords = `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}`;
  return (
    <div className={styles.card} data-testid="location-card">
      <MapPin className={styles.cardIcon} aria-hidden="true" />
      <div className={styles.cardBody}>
        <strong><bdi>{location.name ?? t('messages.location')}</bdi></strong>
        {location.address ? <bdi className={styles.cardLine}>{location.address}</bdi> : null}
        <span className={styles.cardLine}>{coords}</span>
        <a href={mapLink(location)} target="_blank" rel="noopener noreferrer">{t('messages.openMap')}</a>
      </div>
    </div>
  );
}

export function ContactContent({ message }: KindProps) {
  const { t } = useTranslation();
  const contact = parseContact(message.text);
  if (!contact) return <Unsupported />;
  const business = contact.kind === 'business';
  const fields: readonly string[] = business ? BUSINESS_CARD_FIELDS : CONTACT_CARD_FIELDS;
  const card = contact.card as Record<string, string | undefined>;
  const rows = fields.flatMap((key) => (card[key] ? [{ label: t(`messages.${business ? 'businessCard' : 'contactCard'}.${key}`), value: card[key] }] : []));
  const Icon = business ? IdCard : Contact;
  return (
    <div className={styles.card} data-testid={business ? 'business-card' : 'contact-card'}>
      <Icon className={styles.cardIcon} aria-hidden="true" />
      <div className={styles.cardBody}>
        <strong>{business ? t('messages.businessCardTitle') : t('messages.contactCardTitle')}</strong>
        <Rows rows={rows} testId="card-rows" />
      </div>
    </div>
  );
}

export function AppCardContent({ message }: KindProps) {
  const { t } = useTranslation();
  const app = parseAppCard(message.text);
  if (!app) return <Unsupported />;
  const href = app.url ? safeHref(app.url) : null;
  return (
    <div className={styles.card} data-testid="app-card">
      <AppWindow className={styles.cardIcon} aria-hidden="true" />
      <div className={styles.cardBody}>
        <strong><bdi>{app.name}</bdi></strong>
        {app.description ? <bdi className={styles.cardLine}>{app.description}</bdi> : null}
        {href ? <a href={href} target="_blank" rel="noopener noreferrer">{t('messages.openApp')}</a> : null}
      </div>
    </div>
  );
}

export function DateTimeContent({ message, locale }: KindProps & { locale: string }) {
  const value = parseDateTime(message.text);
  if (!value) return <Unsupported />;
  const date = new Date(value.datetime);
  return (
    <div className={styles.card} data-testid="datetime-card">
      <CalendarClock className={styles.cardIcon} aria-hidden="true" />
      <div className={styles.cardBody}>
        {value.text ? <bdi>{value.text}</bdi> : null}
        <time dateTime={date.toISOString()}>{date.toLocaleString(locale, { dateStyle: 'full', timeStyle: 'short' })}</time>
      </div>
    </div>
  );
}

export function JsonCardContent({ message }: KindProps) {
  const rows = jsonCardRows(message.text, chatServices().clientConfig?.jsonCardKeyOrder ?? []);
  if (!rows) return <Unsupported />;
  return (
    <div className={styles.card}>
      <Rows rows={rows.map((row) => ({ label: row.key, value: row.value }))} testId="json-card" />
    </div>
  );
}

/**
 * REQUEST and MC: the question with one button per answer. An MC answer is recorded with answermcmessage; a
 * REQUEST is answered with a reply carrying the chosen answer, so every member sees it. A chatbot's card is
 * answered through chatbot/sendmcmessageanswer.
 */
export function ChoiceContent({ message }: KindProps) {
  const { t, i18n } = useTranslation();
  const { reply } = useChatRoomContext();
  const [answered, setAnswered] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choice = parseChoice(message.text);
  if (!choice) return <Unsupported />;
  const answer = async (option: { id: string; label: string }) => {
    if (message.messageType === 'REQUEST') {
      reply(option.label, message);
      setAnswered(option.label);
      return;
    }
    setBusy(true);
    if (choice.chatbotId) {
      // A chatbot's card: the chatbot posts the chosen label and its next card or answer into the room.
      const ok = await answerChatbotCard(choice.chatbotId, langIdOf(i18n.language), option.id);
      setBusy(false);
      if (ok) setAnswered(option.label);
      else showToast(t('errors.actionFailed'));
      return;
    }
    try {
      const result = await answerMcMessage(chatServices().transport, {
        roomId: message.roomId,
        messageId: message.messageId,
        value: option.id,
        checksum: await sendChecksum(message.roomId, `${message.messageId}:${option.id}`),
        langId: langIdOf(i18n.language),
      });
      unwrap('answerMcMessage', result);
      setAnswered(option.label);
    } catch {
      showToast(t('errors.actionFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.choice} data-testid="choice-card">
      <bdi className={styles.text}>{choice.text}</bdi>
      <div className={styles.choiceButtons} role="group" aria-label={t('messages.answers')}>
        {choice.options.map((option) => (
          <Button key={option.id} variant="secondary" disabled={busy || message.isSendFromYou} onClick={() => void answer(option)}>
            {option.label}
          </Button>
        ))}
      </div>
      {answered ? <p className={styles.meta} role="status">{t('messages.answered', { answer: answered })}</p> : null}
    </div>
  );
}

export function DismissContent({ message }: KindProps) {
  const { t } = useTranslation();
  return <em className={styles.meta} data-testid="dismiss-note">{t(`messages.dismissed.${message.messageType}`)}</em>;
}

export function StickerContent({ message }: KindProps) {
  const { t } = useTranslation();
  const sticker = parseSticker(message.text);
  const stickers = useQuery({
    ...getStickersQuery(chatServices().transport, { stickerCategoryId: sticker?.stickerCategoryId ?? '' }),
    enabled: Boolean(sticker),
    staleTime: Infinity,
  });
  if (!sticker) return <Unsupported />;
  const found = stickers.data?.stickers?.find((entry) => entry.stickerId === sticker.stickerId);
  const image = found?.imageFile?.startsWith('data:image/') ? found.imageFile : undefined;
  return (
    <div className={styles.sticker} data-testid="sticker">
      {image ? <img src={image} alt={found?.emojis ?? t('messages.sticker')} className={styles.stickerImage} /> : <span className={styles.stickerImage} aria-label={t('messages.sticker')} role="img" />}
    </div>
  );
}

/** The URL preview from the sender's encrypted metadata; an image is shown only when it travelled inline. */
export function UrlPreview({ message }: KindProps) {
  const meta = message.urlMetadata;
  const href = meta?.url ? safeHref(meta.url) : null;
  if (!meta || !href || (!meta.title && !meta.description)) return null;
  const image = meta.image?.startsWith('data:image/') ? meta.image : undefined;
  return (
    <a className={styles.urlPreview} href={href} target="_blank" rel="noopener noreferrer" data-testid="url-preview">
      {image ? <img src={image} alt="" className={styles.urlPreviewImage} /> : null}
      <span className={styles.cardBody}>
        {meta.title ? <strong><bdi>{meta.title}</bdi></strong> : null}
        {meta.description ? <bdi className={styles.cardLine}>{meta.description}</bdi> : null}
        <span className={styles.urlPreviewHost}>{new URL(href).host}</span>
      </span>
    </a>
  );
}
