// Tabs of one browser tell each other which room they read, so every tab's badges follow the server at once:
// the server tells the reader's other sessions nothing (MESSAGE_READ goes to the senders), and the tab that
// hears it asks the server for the room's counts rather than trusting the message.
const CHANNEL = 'chatgen-room-reads';

interface RoomRead {
  roomId: string;
}

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
}

export function announceRoomRead(roomId: string): void {
  const sender = channel();
  if (!sender) return;
  sender.postMessage({ roomId } satisfies RoomRead);
  sender.close();
}

/** Calls `onRead` with each room another tab read; returns the unsubscribe. */
export function onRoomReadElsewhere(onRead: (roomId: string) => void): () => void {
  const receiver = channel();
  if (!receiver) return () => undefined;
  receiver.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data as Partial<RoomRead> | null;
    if (data && typeof data.roomId === 'string') onRead(data.roomId);
  };
  return () => receiver.close();
}
