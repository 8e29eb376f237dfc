// Who is signed in: the profile (getAccountProfile, TanStack Query) above the room list.
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { displayNameOf, useProfile } from '../../../core/session/profile.ts';
import styles from './RoomList.module.scss';

export function ProfileSummary() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const name = displayNameOf(profile, chatServices().loginName);
  const postTitle = profile?.accountInfo.postTitle;
  return (
    <p className={styles.me} data-testid="my-profile">
      <Avatar name={name} />
      <span className={styles.meText}>
        <span className={styles.meName}>
          <span className="cg-visually-hidden">{t('roomList.signedInAs')} </span>
          {name}
        </span>
        {postTitle ? <span className={styles.postTitle}>{postTitle}</span> : null}
      </span>
    </p>
  );
}
