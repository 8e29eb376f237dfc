// Which messages the private album takes: the chat offers "Save to album" on them (the album itself lists what
// the server saved).
/** What a message cell may save to the album: a sent (not recalled) message with an attachment. */
export function canSaveToAlbum(message: { messageId: string; messageType?: string; messageStatus?: string }): boolean {
  if (message.messageId.startsWith('local-') || message.messageStatus === 'ALL_DELETED') return false;
  return message.messageType === 'IMAGE' || message.messageType === 'VIDEO' || message.messageType === 'FILE' || message.messageType === 'VOICE';
}
