// Handlers of the account group (schema/endpoints/account.json); the rules live in server/services/account/.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { directoryHandlers } from './directory.ts';
import { privacyHandlers } from './privacy.ts';
import { profileHandlers } from './profile.ts';
import { settingHandlers } from './settings.ts';

export function accountHandlers(ctx: ServerContext) {
  return {
    ...profileHandlers(ctx),
    ...privacyHandlers(ctx),
    ...settingHandlers(ctx),
    ...directoryHandlers(ctx),
  } satisfies HandlerMap;
}
