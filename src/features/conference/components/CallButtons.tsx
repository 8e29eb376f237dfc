// The chat header's call buttons: a voice call (IS_ALLOW_VOICE_CALL) and a video call (IS_ALLOW_VIDEO_CONFERENCE)
// ring the room's other members through conference/external/create. Each button is rendered only under its flag,
// so variants without it do not ship it.
import { useTranslation } from 'react-i18next';
import { Phone, Video } from 'lucide-react';
import { IconButton, showToast } from '../../../ui/index.ts';
import { useCallStore } from '../hooks/callStore.ts';
import { isLive, type CallKind } from '../model/call.ts';

function usePlace(roomId: string) {
  const { t } = useTranslation();
  const place = useCallStore((state) => state.place);
  return async (kind: CallKind) => {
    if (isLive(useCallStore.getState().call)) {
      showToast(t('conference.alreadyInCall'));
      return;
    }
    if (!(await place(roomId, kind))) showToast(t('conference.placeFailed'));
  };
}

export function VoiceCallButton({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const place = usePlace(roomId);
  return <IconButton data-flag="IS_ALLOW_VOICE_CALL" icon={Phone} label={t('chat.voiceCall')} onClick={() => void place('VOICE')} />;
}

export function VideoCallButton({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const place = usePlace(roomId);
  return <IconButton data-flag="IS_ALLOW_VIDEO_CONFERENCE" icon={Video} label={t('chat.videoConference')} onClick={() => void place('VIDEO')} />;
}
