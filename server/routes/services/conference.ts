// conference/* and conference/external/* (docs/server-services.md: the state machine).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import {
  answerCall,
  changeStatus,
  createConference,
  createExternalConference,
  externalInfo,
  history,
  tokenAndInfo,
} from '../../services/conference/service.ts';

export function conferenceHandlers(ctx: ServerContext) {
  return {
    createConference: ({ body, session }) => createConference(ctx, session, body),
    getConferenceTokenAndInfo: ({ body, session }) => tokenAndInfo(ctx, session, body.uuid),
    async startConference({ body, session }) {
      await changeStatus(ctx, session, body.uuid, 'START');
      return {};
    },
    async stopConference({ body, session }) {
      await changeStatus(ctx, session, body.uuid, 'STOP');
      return {};
    },
    getConferenceHistory: ({ session }) => history(ctx, session),

    createExternalConference: ({ body, session }) => createExternalConference(ctx, session, body),
    getExternalConferenceInfo: ({ body, session }) => externalInfo(ctx, session, body.vcType, body.refId),
    async cancelConferenceCall({ body, session }) {
      const caller = session;
      await externalInfo(ctx, caller, body.vcType, body.refId);
      await changeStatus(ctx, caller, body.refId, 'CANCEL');
      return {};
    },
    acceptConferenceCall: ({ body, session }) => answerCall(ctx, session, body, 'ACCEPT'),
    async rejectConferenceCall({ body, session }) {
      await answerCall(ctx, session, body, 'REJECT');
      return {};
    },
    async busyConferenceCall({ body, session }) {
      await answerCall(ctx, session, body, 'BUSY');
      return {};
    },
  } satisfies HandlerMap;
}
