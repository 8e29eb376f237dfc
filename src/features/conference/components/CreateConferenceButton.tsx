// The chat header's entry to the create conference page (IS_ALLOW_VIDEO_CONFERENCE, like the video call button).
import { useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import { IconButton, usePanelNav } from '../../../ui/index.ts';
import { createConferencePage } from '../pages.tsx';

export function CreateConferenceButton({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const openRight = usePanelNav((nav) => nav.openRight);
  return (
    <IconButton
      data-flag="IS_ALLOW_VIDEO_CONFERENCE"
      icon={Users}
      label={t('conference.create.title')}
      onClick={() => openRight(createConferencePage, { roomId }, { replace: true })}
    />
  );
}
