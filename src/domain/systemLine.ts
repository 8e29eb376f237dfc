// The words of a system line (a group change the server wrote into the conversation), in the UI's language:
// worded from its systemEvent, with 'You' / 'you' for the reader; a line without one shows its text as sent.
import type { TFunction } from 'i18next';
import type { Message, SystemEvent } from '@generated/types/index';

export type SystemLineMessage = Pick<Message, 'systemEvent'> & { text?: string };

const KEY: Record<SystemEvent['code'], string> = {
  ROOM_CREATED: 'created',
  MEMBER_ADDED: 'memberAdded',
  MEMBER_REMOVED: 'memberRemoved',
  MEMBER_LEFT: 'memberLeft',
  ADMIN_ADDED: 'adminAdded',
  ADMIN_REMOVED: 'adminRemoved',
  ROOM_RENAMED: 'renamed',
  POLICY_UPDATED: 'policyUpdated',
  SELF_DESTRUCT_ON: 'selfDestructOn',
  SELF_DESTRUCT_OFF: 'selfDestructOff',
  ROOM_IMAGE_UPDATED: 'imageUpdated',
  ROOM_IMAGE_REMOVED: 'imageRemoved',
};

export function systemLineText(message: SystemLineMessage, t: TFunction, myAccountId: string | null): string {
  const event = message.systemEvent;
  if (!event) return message.text ?? '';
  const mine = (id: string | undefined) => id !== undefined && id === myAccountId;
  const actor = mine(event.actorId) ? t('chat.systemLine.you') : (event.actorName ?? t('chat.systemLine.someone'));
  // Targets open the sentence only when the server made the change ('Ben became an admin').
  const opening = !event.actorId;
  const targets = (event.targetNames ?? [])
    .map((name, i) => (mine(event.targetIds?.[i]) ? t(opening ? 'chat.systemLine.you' : 'chat.systemLine.youObject') : name))
    .join(t('chat.systemLine.separator'));
  const time = event.selfDestructTime;
  const key = event.code === 'ADMIN_ADDED' && opening ? 'adminAddedAuto' : KEY[event.code];
  return t(`chat.systemLine.${key}`, {
    actor,
    targets,
    room: event.roomName ?? '',
    value: time?.value ?? '',
    unit: time ? t(`rooms.info.units.${time.unit}`) : '',
  });
}
