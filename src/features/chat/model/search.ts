// In-room search happens on the client: the server cannot read ciphertext, so each batch it pages out is
// decrypted and matched here, on the text, the file name or a structured kind's summary, ignoring case.
import { kindSummary } from '../../../domain/messageKinds.ts';

export interface Searchable {
  messageType: string;
  text?: string;
  aesMessageFilename?: string;
  messageStatus?: string;
}

export function matchesQuery(message: Searchable, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '' || message.messageStatus === 'ALL_DELETED') return false;
  const haystacks = [kindSummary(message.messageType, message.text), message.aesMessageFilename];
  return haystacks.some((text) => text?.toLocaleLowerCase().includes(needle) ?? false);
}
