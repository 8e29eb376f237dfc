// The room a rooms call names.
import { parseId } from '../../http/wire-ids.ts';

export const roomIdOf = (body: { roomId: string }): number => parseId(body.roomId, 'roomId');
