// The chat header's calls: a voice call (IS_ALLOW_VOICE_CALL) and a video call (IS_ALLOW_VIDEO_CONFERENCE) ring
// the room's other members through conference/external/create. The header declares each action under its flag,
// so variants without it do not ship it.
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../ui/index.ts';
import { useCallStore } from '../hooks/callStore.ts';
import { isLive, type CallKind } from '../model/call.ts';

/** Places a call of the given kind in the room, or says why not (one call at a time; the server refused). */
export function usePlaceCall(roomId: string): (kind: CallKind) => Promise<void> {
  const { t } = useTranslation();
  const place = useCallStore((state) => state.place);
  return async (kind) => {
    if (isLive(useCallStore.getState().call)) {
      showToast(t('conference.alreadyInCall'));
      return;
    }
    if (!(await place(roomId, kind))) showToast(t('conference.placeFailed'));
  };
}
