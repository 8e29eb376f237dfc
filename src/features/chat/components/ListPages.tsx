// The room's right-panel lists: starredmessagelist, searchmessagelist and medialist, each paged newest first
// with 'Load more', and the seed's empty states.
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { queryKeys } from '@generated/api/index';
import { constants } from '@variant/constants';
import { Button, EmptyState, Spinner, TextField, definePanelPage } from '../../../ui/index.ts';
import { useFunctionRoles, useRoom } from '../../../domain/index.ts';
import { messagePolicyOf, protectionOf } from '../model/protection.ts';
import { MessageModeContext, useMessageMode, type MessageModeValue } from './RoomContext.tsx';
import type { ChatMessage } from '../api/data.ts';
import { fetchMedia, fetchStarred, searchPage, type ListPage, type MediaListKind } from '../api/lists.ts';
import { useObjectUrl } from '../hooks/useObjectUrl.ts';
import { FileContent, fileNameOf } from './Attachment.tsx';
import { MediaViewer } from './MediaViewer.tsx';
import { MessageRows } from './MessageRows.tsx';
import styles from './Chat.module.scss';

type RoomRef = { roomId: string };
/** The in-room search may open with words already searched (from the room list's search). */
type SearchRef = RoomRef & { query?: string };

function usePagedList(queryKey: readonly unknown[], fetchPage: (lastMessageId?: string) => Promise<ListPage>, enabled = true) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ListPage) => last.next,
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
  const messages = useMemo(() => query.data?.pages.flatMap((page) => page.messages) ?? [], [query.data]);
  return { query, messages };
}

function ListFrame({ list, empty, children }: { list: ReturnType<typeof usePagedList>; empty: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { query, messages } = list;
  if (query.isPending) return <Spinner />;
  return (
    <>
      {messages.length === 0 && !query.hasNextPage ? <EmptyState text={empty} /> : children}
      {query.hasNextPage ? (
        <Button variant="secondary" block busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('messages.loadMore')}
        </Button>
      ) : null}
    </>
  );
}

function StarredList({ params }: { params: RoomRef }) {
  const { t } = useTranslation();
  const list = usePagedList(queryKeys.messages.receiveStarredAesMessages({ roomId: params.roomId, batchSize: constants.pageSizes.starredMessages, upOrDown: 'UP' }), (last) =>
    fetchStarred(params.roomId, last),
  );
  return (
    <section className={styles.info} data-testid="starred-list">
      <ListFrame list={list} empty={t('empty.starred')}>
        <MessageRows roomId={params.roomId} messages={list.messages} />
      </ListFrame>
    </section>
  );
}

function SearchList({ params }: { params: SearchRef }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(params.query ?? '');
  const [query, setQuery] = useState(params.query?.trim() ?? '');
  const list = usePagedList(
    queryKeys.messages.searchAesMessages({ roomId: params.roomId, batchSize: constants.pageSizes.searchMessages, filterOfMessage: query }),
    (last) => searchPage(params.roomId, query, last),
    query !== '',
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft.trim());
  };
  return (
    <section className={styles.info} data-testid="search-list">
      <form role="search" aria-label={t('messages.searchList')} onSubmit={submit}>
        <TextField label={t('messages.searchPlaceholder')} hideLabel type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
      </form>
      {query !== '' ? (
        <ListFrame list={list} empty={t('empty.result')}>
          <MessageRows roomId={params.roomId} messages={list.messages} />
        </ListFrame>
      ) : null}
    </section>
  );
}

function MediaThumb({ message, onOpen }: { message: ChatMessage; onOpen: () => void }) {
  const { t } = useTranslation();
  const video = message.messageType === 'VIDEO';
  const { url } = useObjectUrl(message, !video);
  const name = fileNameOf(message);
  return (
    <li>
      <button type="button" className={styles.mediaThumb} onClick={onOpen} aria-label={video ? t('messages.playVideo', { name }) : t('chat.openImage', { name })} data-testid="media-thumb">
        {video ? <Play aria-hidden="true" /> : url ? <img src={url} alt="" /> : null}
      </button>
    </li>
  );
}

function MediaList({ params }: { params: RoomRef }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<MediaListKind>('media');
  const [viewing, setViewing] = useState<string | null>(null);
  const body = { roomId: params.roomId, batchSize: constants.pageSizes.mediaList, upOrDown: 'UP' as const };
  const key = kind === 'media' ? queryKeys.messages.receiveAesImagesAndVideos(body) : queryKeys.messages.receiveAesFiles(body);
  const list = usePagedList(key, (last) => fetchMedia(params.roomId, kind, last));
  // The viewer pages oldest to newest, as in the room.
  const inRoomOrder = useMemo(() => [...list.messages].reverse(), [list.messages]);
  // The room's policy rules here as in the chat: downloads, original downloads and the media watermark.
  const room = useRoom(params.roomId);
  const roles = useFunctionRoles();
  const outside = useMessageMode();
  const mode = useMemo<MessageModeValue>(() => (room ? { ...outside, allows: messagePolicyOf(room, roles) } : outside), [outside, room, roles]);
  const watermark = room ? protectionOf(room, roles).mediaWatermark : false;
  return (
    <MessageModeContext.Provider value={mode}>
    <section className={styles.info} data-testid="media-list">
      <div className={styles.tabs} role="group" aria-label={t('messages.mediaList')}>
        {(['media', 'files'] as const).map((tab) => (
          <Button key={tab} variant={tab === kind ? 'primary' : 'secondary'} aria-pressed={tab === kind} onClick={() => setKind(tab)}>
            {t(tab === 'media' ? 'messages.mediaTab' : 'messages.filesTab')}
          </Button>
        ))}
      </div>
      <ListFrame list={list} empty={t(kind === 'media' ? 'empty.image' : 'empty.document')}>
        {kind === 'media' ? (
          <ul className={styles.mediaGrid}>
            {list.messages.map((message) => (
              <MediaThumb key={message.messageId} message={message} onOpen={() => setViewing(message.messageId)} />
            ))}
          </ul>
        ) : (
          <ul className={styles.listRows}>
            {list.messages.map((message) => (
              <li key={message.messageId} className={styles.listRow} data-testid="list-message">
                <FileContent message={message} uploading={false} />
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
      {viewing ? <MediaViewer messages={inRoomOrder} messageId={viewing} onNavigate={setViewing} onClose={() => setViewing(null)} watermark={watermark} /> : null}
    </section>
    </MessageModeContext.Provider>
  );
}

export const starredMessageListPage = definePanelPage<RoomRef>('starredmessagelist', 'messages.starredList', StarredList);
export const searchMessageListPage = definePanelPage<SearchRef>('searchmessagelist', 'messages.searchList', SearchList);
export const mediaListPage = definePanelPage<RoomRef>('medialist', 'messages.mediaList', MediaList);
