// Handlers of the directory calls (schema/endpoints/directory.json): distribution lists, do-not-disturb,
// group lists. The logic lives in server/services/directory.
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { dndTemplates, getDnd, removeDnd, saveDnd } from '../../services/directory/dnd.ts';
import { searchDistributionListMembers, searchDistributionListNames, searchGroupList } from '../../services/directory/index.ts';

export function directoryHandlers(ctx: ServerContext) {
  return {
    async searchDistributionListNames({ body, session }) {
      return { ldapDistributionListNames: await searchDistributionListNames(ctx, session, body.distributionListNameCriteria) };
    },
    async searchDistributionListMembers({ body, session }) {
      return { ldapDistributionListMembers: await searchDistributionListMembers(ctx, session, body.distributionListName) };
    },
    async searchGroupList({ body, session }) {
      return { groupList: await searchGroupList(ctx, session, body) };
    },
    async getDndTemplates() {
      return { dndTemplates: await dndTemplates(ctx.db) };
    },
    async getDnd({ session }) {
      return getDnd(ctx, session.accountId);
    },
    async saveDnd({ body, session }) {
      await saveDnd(ctx, session.accountId, body);
      return {};
    },
    async removeDnd({ session }) {
      await removeDnd(ctx, session.accountId);
      return {};
    },
  } satisfies HandlerMap;
}
