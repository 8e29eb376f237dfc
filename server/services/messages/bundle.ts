// Zip files of messages (exportmessagesandfiles, archives): a JSON document of the messages as the wire
// shows them, plus each attachment's stored ciphertext under files/. Nothing is decrypted.
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Message } from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import type { MessageView } from '../../store/repos/index.ts';

/** Where a message's attachment sits inside the zip. */
export function attachmentPath(view: MessageView): string {
  const name = (view.message.aesMessageFilename ?? 'file').replace(/[/\\]/g, '_');
  return `files/${view.message.id}-${name}`;
}

export async function buildBundle(
  ctx: Pick<ServerContext, 'repos' | 'blobs'>,
  documentName: string,
  header: Record<string, unknown>,
  views: readonly MessageView[],
  wire: readonly Message[],
): Promise<Uint8Array> {
  const files: Zippable = {};
  const attachments: Record<string, string> = {};
  for (const view of views) {
    const ref = view.message.aesMessageFileRef;
    if (ref === null) continue;
    const blob = await ctx.repos.blobs.findById(ref);
    if (!blob) continue;
    const target = attachmentPath(view);
    files[target] = new Uint8Array(await ctx.blobs.read(blob.path));
    attachments[String(view.message.id)] = target;
  }
  const document = { ...header, messages: wire, attachments };
  return zipSync({ [documentName]: strToU8(JSON.stringify(document, null, 2)), ...files });
}

/** A room's name for files and lists: its own name, or the other members' names for a single chat. */
export async function roomTitle(ctx: Pick<ServerContext, 'repos'>, roomId: number, viewerId: number): Promise<string> {
  const room = await ctx.repos.rooms.findById(roomId);
  let title = room?.roomName ?? '';
  if (title === '') {
    const others = (await ctx.repos.members.activeAccountIds(roomId)).filter((id) => id !== viewerId);
    const accounts = await ctx.repos.accounts.listByIds(others);
    title = accounts.map((a) => a.customDisplayName ?? a.userFullname).join(', ') || 'Chat';
  }
  return title.slice(0, 30);
}
