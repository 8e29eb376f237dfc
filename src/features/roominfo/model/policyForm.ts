// The policy page's pure logic: the 31 entries grouped by `attrGrp` (groups in the order of their first entry),
// each group ordered by `seq`; what changed against the server's copy; and whether a value fits its kind.
import type { RoomPolicyEntry, RoomPolicyKey, RoomPolicyUpdate } from '@generated/types/index';

export interface PolicyGroup {
  group: string;
  entries: RoomPolicyEntry[];
}

const seqOf = (entry: RoomPolicyEntry) => entry.seq ?? Number.MAX_SAFE_INTEGER;

export function groupPolicy(policy: readonly RoomPolicyEntry[]): PolicyGroup[] {
  const sorted = [...policy].sort((a, b) => seqOf(a) - seqOf(b));
  const groups = new Map<string, RoomPolicyEntry[]>();
  for (const entry of sorted) {
    const group = entry.attrGrp ?? 'OTHER';
    groups.set(group, [...(groups.get(group) ?? []), entry]);
  }
  return [...groups].map(([group, entries]) => ({ group, entries }));
}

export type PolicyDraft = Partial<Record<RoomPolicyKey, number>>;

/** The entries whose drafted value differs from the server's, as updateroompolicy takes them. */
export function policyChanges(policy: readonly RoomPolicyEntry[], draft: PolicyDraft): RoomPolicyUpdate[] {
  return policy.flatMap((entry) => {
    const value = draft[entry.attr];
    return value !== undefined && value !== entry.value ? [{ attr: entry.attr, value }] : [];
  });
}

/** A value the entry's kind accepts: a member role 0–3, on/off 0/1, a whole number ≥ 0 (0 = no limit). */
export function validValue(entry: RoomPolicyEntry, value: number): boolean {
  if (!Number.isInteger(value) || value < 0) return false;
  if (entry.type === 'BOOLEAN') return value <= 1;
  if (entry.type === 'MEMBER_ROLE') return value <= 3;
  return true;
}
