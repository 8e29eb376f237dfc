// Wire helpers of the message calls: the caller and epoch milliseconds (ids: server/http/wire-ids.ts).


export const ms = (date: Date | null | undefined): number | undefined => (date ? date.getTime() : undefined);
