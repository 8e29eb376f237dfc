// The room list as the pushes change it: one place where every notice that concerns the list's rows and the unread
// total is applied, whatever brought it. The pages and the total live in the query cache (the store it is given);
// this model decides what a notice does to them:
// - a pushed message is the message: its room moves to the top with the message as its preview, and its unread (and
//   mention) counts and the total grow unless the message is mine, a system line or in the room open here. No call;
//   a second copy of the same message changes nothing;
// - ROOM_READ (the server tells every session of the account what a read left) sets the room's counts and the
//   total as the server gave them: a room read in another tab or device loses its badge here too;
// - a recall changes the preview's wording, and lowers the counts by the messages this model counted itself;
// - what it cannot know is asked of the server (the fallback, one call per room at a time): a room that is not
//   loaded reloads the pages; a preview that was taken away (self-destruct, delete for me) and counts a deletion
//   may have lowered are read with getLastMessage.
// No React: the binding (hooks/useRoomListSync.ts) gives it the store and the fetchers. Tested alone.
import { coalescedTask, type CoalescedTask } from '../../../core/coalesced-task.ts';
import type { DecryptedMessage } from '../../../core/messages/crypto.ts';
import { applyNewMessage, findRoom, previewOf, setCounts, setPreview, type RoomPages } from '../../../domain/roomPages.ts';

export interface RoomListStore {
  read(): RoomPages | undefined;
  /** A change a notice makes: made now and again after a load that was on its way (it must be repeatable). */
  patch(change: (data: RoomPages | undefined) => RoomPages | undefined): void;
  /** The unread total over every room; undefined until the server gave it. */
  readTotal(): number | undefined;
  writeTotal(total: number): void;
}

export interface RoomCounts {
  unread: number;
  mentioned: number;
}

export interface RoomSummary {
  preview: DecryptedMessage | undefined;
  counts?: RoomCounts;
}

export interface RoomListOptions {
  store: RoomListStore;
  myAccountId: string | null;
  /** Reloads the loaded pages (a message for a room that is not loaded). */
  reload(): void;
  /** The room's last message, with its counts when asked (getLastMessage). */
  fetchSummary(roomId: string, withCounts: boolean): Promise<RoomSummary>;
}

export interface PushedMessage {
  roomId: string;
  /** The notification's sender: SYSTEM for the server's lines. */
  senderId: string;
  message: DecryptedMessage;
  mentionsMe: boolean;
}

/** What a push did (for the tests and the log). */
export type ListPushOutcome = 'applied' | 'duplicate' | 'reload' | 'later';

export interface Removal {
  roomId: string;
  kind: 'recalled' | 'removed';
  messageIds: readonly string[];
  /** Who did it: my own recall or delete for me takes nothing from my unread counts. */
  byMe: boolean;
}

export class RoomListModel {
  private openRoomId: string | null = null;
  /** Per room, the pushed messages this model counted unread since the server last gave its counts (id → mentions me). */
  private readonly counted = new Map<string, Map<string, boolean>>();
  private readonly summaries = new Map<string, CoalescedTask>();
  private readonly wantCounts = new Set<string>();

  constructor(private readonly options: RoomListOptions) {}

  /** The room open here: its messages are read at once, so they are not counted. */
  setOpenRoom(roomId: string | null): void {
    this.openRoomId = roomId;
  }

  newMessage(push: PushedMessage): ListPushOutcome {
    const { store, myAccountId } = this.options;
    const data = store.read();
    if (!data) return 'later'; // the first load, on its way or to come, reads it
    const mine = push.message.messageUserId === myAccountId || push.senderId === myAccountId;
    const event = {
      roomId: push.roomId,
      senderId: mine ? (myAccountId ?? push.senderId) : push.senderId,
      time: push.message.messageCreateDate ?? Date.now(),
      mentionsMe: push.mentionsMe,
      message: { ...push.message, isSendFromYou: mine },
    };
    const now = applyNewMessage(data, event, myAccountId, this.openRoomId);
    if (!now.known) {
      this.options.reload();
      return 'reload';
    }
    if (!now.applied) return 'duplicate';
    const openRoomId = this.openRoomId;
    store.patch((current) => applyNewMessage(current, event, myAccountId, openRoomId).data);
    const countIt = !mine && push.senderId !== 'SYSTEM' && push.roomId !== openRoomId;
    if (countIt) {
      const room = this.counted.get(push.roomId) ?? new Map<string, boolean>();
      this.counted.set(push.roomId, room.set(push.message.messageId, push.mentionsMe));
      this.addToTotal(1);
    }
    return 'applied';
  }

  /** ROOM_READ: the room's counts and the total after a read in any session of the account. */
  roomRead(roomId: string, counts: RoomCounts, total: number): void {
    this.counted.delete(roomId);
    this.options.store.patch((data) => setCounts(data, roomId, counts.unread, counts.mentioned));
    this.options.store.writeTotal(total);
  }

  /** A recall, a self-destruct or a delete for me. */
  removed(removal: Removal): void {
    const { store } = this.options;
    const { roomId, messageIds } = removal;
    const ids = new Set(messageIds);
    const preview = previewOf(store.read(), roomId);
    const previewHit = preview !== undefined && ids.has(preview.messageId);
    if (removal.kind === 'recalled' && previewHit) {
      store.patch((data) => {
        const shown = previewOf(data, roomId);
        return shown && ids.has(shown.messageId) ? setPreview(data, roomId, { ...shown, messageStatus: 'ALL_DELETED', text: undefined }) : data;
      });
    }
    let countsUnknown = false;
    if (!removal.byMe || removal.kind === 'removed') {
      const counted = this.counted.get(roomId);
      let unread = 0;
      let mentioned = 0;
      for (const id of ids) {
        const mentions = counted?.get(id);
        if (mentions === undefined) continue;
        counted?.delete(id);
        unread += 1;
        if (mentions) mentioned += 1;
      }
      if (unread > 0) {
        store.patch((data) => {
          const room = findRoom(data, roomId);
          return room ? setCounts(data, roomId, Math.max(0, (room.noOfUnreadMessage ?? 0) - unread), Math.max(0, (room.noOfMentionedMessage ?? 0) - mentioned)) : data;
        });
        this.addToTotal(-unread);
      }
      // Messages it did not count itself may have been unread too: only the server knows, when any are left.
      const left = findRoom(store.read(), roomId)?.noOfUnreadMessage ?? 0;
      countsUnknown = !removal.byMe && left > 0 && ids.size > unread;
    }
    const previewGone = removal.kind === 'removed' && previewHit;
    if (previewGone || countsUnknown) void this.summary(roomId, countsUnknown).catch(() => undefined);
  }

  /** Asks the server for the room's last message (and counts); one at a time per room, none lost. */
  summary(roomId: string, withCounts: boolean): Promise<void> {
    if (withCounts) this.wantCounts.add(roomId);
    let task = this.summaries.get(roomId);
    if (!task) this.summaries.set(roomId, (task = coalescedTask(() => this.readSummary(roomId))));
    const running = task;
    return running.run().finally(() => {
      if (!running.isRunning()) this.summaries.delete(roomId);
    });
  }

  private async readSummary(roomId: string): Promise<void> {
    const withCounts = this.wantCounts.delete(roomId) && roomId !== this.openRoomId;
    const answer = await this.options.fetchSummary(roomId, withCounts);
    const { store } = this.options;
    store.patch((data) => setPreview(data, roomId, answer.preview));
    const counts = answer.counts;
    if (!counts) return;
    const before = findRoom(store.read(), roomId)?.noOfUnreadMessage ?? 0;
    this.counted.delete(roomId);
    store.patch((data) => setCounts(data, roomId, counts.unread, counts.mentioned));
    this.addToTotal(counts.unread - before);
  }

  private addToTotal(delta: number): void {
    const total = this.options.store.readTotal();
    if (total !== undefined && delta !== 0) this.options.store.writeTotal(Math.max(0, total + delta));
  }
}
