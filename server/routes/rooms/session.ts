// The caller of a secured rooms call, and the room a call names.
import { ApiError } from '../../http/api-error.ts';
import type { HandlerInput } from '../../http/types.ts';
import type { Viewer } from '../../services/rooms/context.ts';
import { parseId } from '../../http/wire-ids.ts';

export function viewerOf(input: HandlerInput<unknown>): Viewer {
  if (!input.session) throw new ApiError('SESSION_EXPIRED');
  return { accountId: input.session.accountId, roles: input.session.roles };
}

export const roomIdOf = (body: { roomId: string }): number => parseId(body.roomId, 'roomId');
