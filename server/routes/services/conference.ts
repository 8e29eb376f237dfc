// conference/* and conference/external/* (docs/server-services.md: the state machine).
import type { ServerContext } from '../../context.ts';
import type { HandlerMap } from '../../http/handler-types.ts';
import { callerOf } from '../../services/messages/ids.ts';
import {
  answerCall,
  changeStatus,
  createConference,
  createExternalConference,
  externalInfo,
  history,
  tokenAndInfo,
} from '../../services/conference/service.ts';

export function conferenceHandlers(ctx: ServerContext): HandlerMap {
  return {
    createConference: ({ body, session }) => createConference(ctx, callerOf(session), body),
    getConferenceTokenAndInfo: ({ body, session }) => tokenAndInfo(ctx, callerOf(session), body.uuid),
    async startConference({ body, session }) {
      await changeStatus(ctx, callerOf(session), body.uuid, 'START');
      return {};
    },
    async stopConference({ body, session }) {
      await changeStatus(ctx, callerOf(session), body.uuid, 'STOP');
      return {};
    },
    getConferenceHistory: ({ session }) => history(ctx, callerOf(session)),

    createExternalConference: ({ body, session }) => createExternalConference(ctx, callerOf(session), body),
    getExternalConferenceInfo: ({ body, session }) => externalInfo(ctx, callerOf(session), body.vcType, body.refId),
    async cancelConferenceCall({ body, session }) {
      const caller = callerOf(session);
      await externalInfo(ctx, caller, body.vcType, body.refId);
      await changeStatus(ctx, caller, body.refId, 'CANCEL');
      return {};
    },
    acceptConferenceCall: ({ body, session }) => answerCall(ctx, callerOf(session), body, 'ACCEPT'),
    async rejectConferenceCall({ body, session }) {
      await answerCall(ctx, callerOf(session), body, 'REJECT');
      return {};
    },
    async busyConferenceCall({ body, session }) {
      await answerCall(ctx, callerOf(session), body, 'BUSY');
      return {};
    },
  };
}
