// Validation of the create-chat and create-group forms (seed §5); returns i18n keys.
import { nameLength } from '../../../domain/index.ts';

export type CreateGroupError = 'create.memberOrNameMissing' | 'create.selectMember' | 'create.nameLength';

export function validateGroup(name: string, memberIds: readonly string[], maxLength: number): CreateGroupError | null {
  const hasName = name.trim() !== '';
  if (!hasName) return 'create.memberOrNameMissing';
  if (nameLength(name) > maxLength) return 'create.nameLength';
  if (memberIds.length === 0) return 'create.selectMember';
  return null;
}

export function validateSingleChat(memberId: string | null | undefined): 'create.chatMemberMissing' | null {
  return memberId ? null : 'create.chatMemberMissing';
}
