// Who may do what in a room: membership, room admin, and the room's policies (seed sections 3 and 6).
// ROLE policies: 0 no one, 1 all members, 2 room admins only, 3 by function role (ADMIN accounts).
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { AuthenticatedSession } from '../http/types.ts';
import type { Member } from '../store/repos/members.ts';
import { POLICY_ROLE, type PolicyEntry } from '../store/repos/policies.ts';

type Ctx = Pick<ServerContext, 'repos'>;

/** The caller's membership of a room; refuses non-members (and unknown rooms) with the seed's text. */
export async function requireMember(ctx: Ctx, roomId: number, accountId: number): Promise<Member> {
  const member = await ctx.repos.members.find(roomId, accountId);
  if (!member || member.leftAt) throw new ApiError('NOT_ROOM_MEMBER');
  return member;
}

export async function requireAdmin(ctx: Ctx, roomId: number, accountId: number): Promise<Member> {
  const member = await requireMember(ctx, roomId, accountId);
  if (!member.isAdmin) throw new ApiError('NOT_ROOM_ADMIN');
  return member;
}

/** Whether a ROLE or BOOLEAN policy lets this member act. */
export function policyAllows(entry: PolicyEntry | null, member: Member, roles: readonly string[]): boolean {
  if (!entry) return true;
  if (entry.type === 'BOOLEAN') return entry.value === '1';
  if (entry.type === 'NUMBER') return true;
  switch (entry.value) {
    case POLICY_ROLE.NO_ONE:
      return false;
    case POLICY_ROLE.ALL:
      return true;
    case POLICY_ROLE.ADMIN:
      return member.isAdmin;
    case POLICY_ROLE.ROLE:
      return roles.includes('ADMIN') || member.isAdmin;
    default:
      return false;
  }
}

/** Refuses with ROOM_POLICY_FORBIDS (the seed's "According to the room policy, ..." text) when not allowed. */
export async function requirePolicy(
  ctx: Ctx,
  roomId: number,
  session: Pick<AuthenticatedSession, 'accountId' | 'roles'>,
  attr: string,
): Promise<Member> {
  const member = await requireMember(ctx, roomId, session.accountId);
  const entry = await ctx.repos.policies.get(roomId, attr);
  if (!policyAllows(entry, member, session.roles)) throw new ApiError('ROOM_POLICY_FORBIDS', attr);
  return member;
}

/** A NUMBER policy's value; 0 means no limit. */
export async function numericPolicy(ctx: Ctx, roomId: number, attr: string): Promise<number> {
  const entry = await ctx.repos.policies.get(roomId, attr);
  const value = entry ? Number(entry.value) : 0;
  return Number.isFinite(value) ? value : 0;
}
