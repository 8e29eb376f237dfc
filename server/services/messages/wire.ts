// Turns stored messages into the wire's Message entity, as one viewer sees them: sender name, the
// replied-to message, the poll with the viewer's votes, and the per-viewer flags (isSendFromYou, ...).
import type { Message } from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import type { Account, MessageView, StoredMessage } from '../../store/repos/index.ts';
import { ms } from './ids.ts';
import { readPoll, wirePoll } from './polls.ts';

type Ctx = Pick<ServerContext, 'repos'>;
type MessageType = Message['messageType'];
type MessageStatus = NonNullable<Message['messageStatus']>;

const present = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/** The extension the client opens an attachment with: the file name's, lower case. */
export function openExtOf(filename: string | null): string | undefined {
  const match = filename ? /\.([A-Za-z0-9]{1,10})$/.exec(filename) : null;
  return match?.[1]?.toLowerCase();
}

/** Viewer-independent fields of a message; recalled messages carry no content (the store wiped it). */
function baseMessage(m: StoredMessage, senderName: string | undefined, viewerId: number | null): Message {
  const poll = readPoll(m.polling);
  return {
    roomId: String(m.roomId),
    messageId: String(m.id),
    messageType: m.messageType as MessageType,
    messageStatus: m.status as MessageStatus,
    messageCreateDate: m.createdAt.getTime(),
    messageUpdateDate: m.updatedAt.getTime(),
    messageKeyUuid: present(m.messageKeyUuid),
    messageUserId: m.senderId === null ? undefined : String(m.senderId),
    messageUsername: senderName,
    messageChecksum: present(m.checksum),
    message: present(m.aesMessage),
    isForwardMessage: m.isForwarded,
    aesMessageFilename: present(m.aesMessageFilename),
    aesMessageFileOpenExt: present(m.aesMessageFileOpenExt),
    aesMessageFileType: present(m.aesMessageFileType),
    aesMessageFilesize: present(m.filesize),
    aesMessageFileMetadata: present(m.aesMessageFileMetadata),
    aesMessageUrlMetadata: present(m.aesMessageUrlMetadata),
    msgMentionAccountIds: m.mentionAccountIds.map(String),
    hasOriginalMessageFile: m.aesMessageFileRef !== null,
    messagePolling: poll ? wirePoll(poll, viewerId) : undefined,
    voiceToTextMessage: present(m.voiceToText),
    systemEvent: present(m.systemEvent),
  };
}

export type Presenter = (view: MessageView) => Message;

/** What presenting needs of a sender's account: its display name. */
export type NamedAccount = Pick<Account, 'id' | 'customDisplayName' | 'userFullname'>;

/**
 * Loads what the views need (sender names, replied-to messages) in two queries and returns a function
 * that presents each view. `viewerId` null gives a viewer-neutral message (notifications, exports).
 */
export async function presenter(
  ctx: Ctx,
  viewerId: number | null,
  views: readonly MessageView[],
  known: readonly NamedAccount[] = [],
): Promise<Presenter> {
  const replyIds = [...new Set(views.map((v) => v.message.replyToMessageId).filter((id): id is number => id !== null))];
  const replies = new Map<number, StoredMessage>();
  for (const id of replyIds) {
    const reply = await ctx.repos.messages.findById(id);
    if (reply) replies.set(id, reply);
  }
  const senderIds = new Set<number>();
  for (const m of [...views.map((v) => v.message), ...replies.values()]) if (m.senderId !== null) senderIds.add(m.senderId);
  const names = new Map(known.map((a) => [a.id, a.customDisplayName ?? a.userFullname]));
  const unknown = [...senderIds].filter((id) => !names.has(id));
  for (const a of await ctx.repos.accounts.listByIds(unknown)) names.set(a.id, a.customDisplayName ?? a.userFullname);
  const nameOf = (m: StoredMessage) => (m.senderId === null ? undefined : names.get(m.senderId));

  return (view) => {
    const m = view.message;
    const wire = baseMessage(m, nameOf(m), viewerId);
    wire.totalReceiver = view.totalReceiver;
    const reply = m.replyToMessageId === null ? undefined : replies.get(m.replyToMessageId);
    if (reply) wire.replyToMessage = baseMessage(reply, nameOf(reply), viewerId);
    if (viewerId === null) return wire;
    const own = m.senderId === viewerId;
    wire.isSendFromYou = own;
    wire.isStarredByYou = view.isStarredByViewer;
    if (own) {
      wire.isReadByYou = true;
      wire.isReceivedByYou = true;
    } else {
      wire.isReadByYou = view.viewer?.isRead ?? false;
      wire.isReceivedByYou = view.viewer?.isReceived ?? false;
      wire.readDateByYou = ms(view.viewer?.readAt);
      wire.receivedDateByYou = ms(view.viewer?.receivedAt);
    }
    return wire;
  };
}

/** Presents a list of views for one viewer; `known`: accounts the caller read already (their names are not read again). */
export async function presentAll(ctx: Ctx, viewerId: number | null, views: readonly MessageView[], known?: readonly NamedAccount[]): Promise<Message[]> {
  const show = await presenter(ctx, viewerId, views, known);
  return views.map(show);
}
