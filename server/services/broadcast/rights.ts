// broadcast/getbroadcastaccessrights. The seed does not show its result; we answer the delegates the caller
// may broadcast for (itself first when it is one), each with its allowedBroadcastSelectionType.
import type * as T from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { listDelegatesFor } from '../directory/delegates.ts';

export async function broadcastAccessRights(ctx: Pick<ServerContext, 'db'>, accountId: number): Promise<T.GetBroadcastAccessRightsResponse> {
  const delegates = await listDelegatesFor(ctx, accountId);
  return { delegateAccounts: delegates.map((d) => ({ ...d })) };
}
