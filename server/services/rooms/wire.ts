// Store rows to the shapes of schema/entities/room.json: ids as strings, times as epoch milliseconds,
// policy values as integers, and absent rather than null for what a room does not have.
import type * as T from '../../../generated/types/index.ts';
import type { Account } from '../../store/repos/accounts.ts';
import type { AuditRecord } from '../../store/repos/audit.ts';
import type { RoomEvent } from '../../store/repos/events.ts';
import type { PolicyEntry } from '../../store/repos/policies.ts';
import type { Room, SelfDestructUnit } from '../../store/repos/rooms.ts';

export const wireId = (id: number): string => String(id);
export const ms = (date: Date): number => date.getTime();

/** Only what is set: the wire leaves out what a room does not have instead of sending null. */
type WithoutNull<O> = { [K in keyof O]: Exclude<O[K], null> };

function defined<O extends Record<string, unknown>>(object: O): WithoutNull<O> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null && value !== undefined)) as WithoutNull<O>;
}

const WIRE_POLICY_TYPE = { ROLE: 'MEMBER_ROLE', BOOLEAN: 'BOOLEAN', NUMBER: 'NUMBER' } as const;

export function toWirePolicy(entry: PolicyEntry): T.RoomPolicyEntry {
  return {
    attr: entry.attr as T.RoomPolicyEntry['attr'],
    value: Number(entry.value),
    type: WIRE_POLICY_TYPE[entry.type],
    allowEdit: entry.allowEdit,
    attrGrp: entry.attrGrp,
    seq: entry.seq,
  };
}

export function toWireAccount(account: Account, tenantFullname?: string | null): T.Account {
  return defined({
    accountId: wireId(account.id),
    loginName: account.loginName,
    emailAddr: account.emailAddr,
    faxNo: account.faxNo,
    telNo: account.telNo,
    officeAddr: account.officeAddr,
    postTitle: account.postTitle,
    langId: account.langId as T.Account['langId'],
    userFullname: account.userFullname,
    tenantFullname: tenantFullname ?? undefined,
    isLocal: account.isLocal,
    dnd: account.dnd.dnd !== null,
    dndEndDate: account.dnd.dndEndDate ? ms(account.dnd.dndEndDate) : undefined,
    accountObjectClass: account.accountObjectClass,
    customDisplayName: account.customDisplayName,
    searchName: account.searchName,
  });
}

/** The name a member is shown by. */
export const displayName = (account: Pick<Account, 'customDisplayName' | 'userFullname'>): string =>
  account.customDisplayName ?? account.userFullname;

export function toWireEvent(event: RoomEvent): T.RoomEvent {
  return defined({
    eventId: wireId(event.id),
    id: wireId(event.id),
    roomId: wireId(event.roomId),
    title: event.title,
    content: event.content,
    startTs: ms(event.startTs),
    // endTs is required on the wire; an event stored without one ends when it starts.
    endTs: ms(event.endTs ?? event.startTs),
  });
}

export function toWireAudit(record: AuditRecord): T.RoomAuditRecord {
  return defined({
    roomAuditInfoId: wireId(record.id),
    actorId: record.actorId === null ? null : wireId(record.actorId),
    actorName: record.actorName,
    actionTime: ms(record.actionTime),
    roomId: wireId(record.roomId),
    message: record.message,
    messageIds: record.messageIds.map(wireId),
    // The stable action code, for clients that group or translate records.
    action: record.action,
  });
}

export interface SelfDestructTime {
  value: number;
  unit: SelfDestructUnit;
}

export const SECONDS_PER_UNIT: Readonly<Record<SelfDestructUnit, number>> = {
  second: 1,
  minute: 60,
  hour: 3_600,
  day: 86_400,
  week: 604_800,
  year: 31_536_000,
};

/** The stored self-destruct time in the unit it was given in; null when never set. */
export function selfDestructTimeOf(room: Room): SelfDestructTime | null {
  if (room.selfDestructSeconds === null) return null;
  const unit = room.selfDestructUnit ?? 'second';
  return { value: Math.round(room.selfDestructSeconds / SECONDS_PER_UNIT[unit]), unit };
}
