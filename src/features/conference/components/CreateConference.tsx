// The create conference page (right panel `createconference`, seed 'Other screens: create conference'): choose the
// kind and the room's members to invite, create the built-in conference (conference/create), then see its join token
// and information (gettokenandinfo) with Start and Stop. Sound and video run in the conference service, so the page
// hands out the token and says so instead of showing media. An invitee opens the same page from the invitation
// (CONFERENCE_CREATE): it shows the conference it was invited to, with its own join token.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConferenceType, GetConferenceTokenAndInfoResponse } from '@generated/types/index';
import { Button, Checkbox, EmptyState, Spinner, showToast } from '../../../ui/index.ts';
import { errorMessage } from '../../../core/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { joinTokenOf, openConference, runConferenceAction, useConferenceMembers } from '../api/conferences.ts';
import {
  actionsFor,
  afterAction,
  createBody,
  inviteeChoices,
  joinable,
  tokenExpiry,
  type ConferenceAction,
  type ConferenceStatus,
  type Invitation,
} from '../model/conference.ts';
import styles from './Conference.module.scss';

export interface CreateConferenceProps {
  roomId: string;
  /** The conference this account was invited to: the page shows it instead of the create form. */
  invitation?: Invitation;
}

interface Created {
  uuid: string;
  type: ConferenceType;
  invited: number;
  status: ConferenceStatus;
  join: GetConferenceTokenAndInfoResponse | null;
}

const memberName = (account: { userFullname?: string; loginName?: string; accountId: string }) => account.userFullname || account.loginName || account.accountId;

const invited = (invitation: Invitation): Created => ({ uuid: invitation.uuid, type: invitation.type, invited: invitation.invited, status: 'CREATED', join: null });

export function CreateConference({ roomId, invitation }: CreateConferenceProps) {
  const { t, i18n } = useTranslation();
  const members = useConferenceMembers(roomId);
  const choices = inviteeChoices(members ?? [], chatServices().accountId);
  const [type, setType] = useState<ConferenceType>('VIDEO');
  // Everyone is invited until unticked: a conference of the room is the usual wish.
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(invitation ? invited(invitation) : null);

  const failed = (errMsgList: Parameters<typeof errorMessage>[0]) => showToast(errorMessage(errMsgList, i18n.language) ?? t('errors.actionFailed'), 'error');

  const fetchJoin = async (uuid: string) => {
    const result = await joinTokenOf(uuid);
    if (!result.ok) failed(result.errMsgList);
    return result.ok ? result.data : null;
  };

  // An invitee's page fetches its own join token for the conference it was invited to.
  useEffect(() => {
    if (!invitation) return;
    let live = true;
    void joinTokenOf(invitation.uuid).then((result) => {
      if (live && result.ok) setCreated((current) => (current && current.uuid === invitation.uuid ? { ...current, join: result.data } : current));
    });
    return () => {
      live = false;
    };
  }, [invitation]);

  const create = async () => {
    const invited = new Set(choices.map((member) => member.accountId).filter((id) => !left.has(id)));
    const body = createBody(roomId, type, invited, choices);
    if (!body) return showToast(t('conference.create.nobody'), 'error');
    setBusy(true);
    const result = await openConference(body);
    if (result.ok) setCreated({ uuid: result.data.uuid, type, invited: body.accountIds.length, status: 'CREATED', join: await fetchJoin(result.data.uuid) });
    else failed(result.errMsgList);
    setBusy(false);
  };

  const act = async (action: ConferenceAction) => {
    if (!created) return;
    setBusy(true);
    const result = await runConferenceAction(created.uuid, action);
    if (result.ok) {
      const status = afterAction(action);
      setCreated({ ...created, status, join: joinable(status) ? await fetchJoin(created.uuid) : null });
    } else failed(result.errMsgList);
    setBusy(false);
  };

  if (created) return <ConferenceInfo created={created} busy={busy} onAction={(action) => void act(action)} onNew={() => setCreated(null)} />;
  if (members === undefined) return <Spinner />;
  if (members === null) return <EmptyState text={t('errors.actionFailed')} />;
  return (
    <form className={styles.page} data-testid="create-conference" onSubmit={(event) => { event.preventDefault(); void create(); }}>
      <p className={styles.note}>{t('conference.create.mediaNote')}</p>
      <fieldset className={styles.group}>
        <legend>{t('conference.create.type')}</legend>
        {(['VIDEO', 'VOICE'] as const).map((kind) => (
          <label key={kind} className={styles.choice}>
            <input type="radio" name="conference-type" checked={type === kind} onChange={() => setType(kind)} />
            {t(kind === 'VIDEO' ? 'conference.videoCall' : 'conference.voiceCall')}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('conference.create.invite')}</legend>
        {choices.length === 0 ? <p className={styles.note}>{t('conference.create.nobodyInRoom')}</p> : null}
        {choices.map((member) => (
          <Checkbox
            key={member.accountId}
            label={memberName(member)}
            checked={!left.has(member.accountId)}
            onChange={() => setLeft((current) => {
              const next = new Set(current);
              if (!next.delete(member.accountId)) next.add(member.accountId);
              return next;
            })}
          />
        ))}
      </fieldset>
      <Button type="submit" busy={busy} disabled={choices.length === 0}>{t('conference.create.submit')}</Button>
    </form>
  );
}

interface ConferenceInfoProps {
  created: Created;
  busy: boolean;
  onAction: (action: ConferenceAction) => void;
  onNew: () => void;
}

function ConferenceInfo({ created, busy, onAction, onNew }: ConferenceInfoProps) {
  const { t, i18n } = useTranslation();
  const expiry = created.join ? tokenExpiry(created.join.token) : null;
  const info = created.join?.conferenceInfo;
  return (
    <div className={styles.page} data-testid="conference-info">
      <p className={styles.note}>{t('conference.create.mediaNote')}</p>
      <dl className={styles.facts}>
        <dt>{t('conference.create.state')}</dt>
        <dd data-testid="conference-state">{t(`conference.create.status.${created.status}`)}</dd>
        <dt>{t('conference.create.type')}</dt>
        <dd>{t(created.type === 'VIDEO' ? 'conference.videoCall' : 'conference.voiceCall')}</dd>
        <dt>{t('conference.create.invited')}</dt>
        <dd>{t('conference.people', { count: created.invited })}</dd>
        <dt>{t('conference.create.id')}</dt>
        <dd className={styles.code}>{created.uuid}</dd>
        {info?.meetingId ? (
          <>
            <dt>{t('conference.create.meetingId')}</dt>
            <dd className={styles.code}>{info.meetingId}</dd>
          </>
        ) : null}
        {info?.url ? (
          <>
            <dt>{t('conference.create.url')}</dt>
            <dd className={styles.code}>{info.url}</dd>
          </>
        ) : null}
        {created.join ? (
          <>
            <dt>{t('conference.create.token')}</dt>
            <dd className={styles.code} data-testid="conference-token">{created.join.token}</dd>
            {expiry ? (
              <>
                <dt>{t('conference.create.validUntil')}</dt>
                <dd>{expiry.toLocaleTimeString(i18n.language.replace('_', '-'), { timeStyle: 'short' })}</dd>
              </>
            ) : null}
          </>
        ) : null}
      </dl>
      <div className={styles.actions}>
        {actionsFor(created.status).map((action) => (
          <Button key={action} variant={action === 'stop' ? 'danger' : 'primary'} busy={busy} onClick={() => onAction(action)}>
            {t(`conference.create.${action}`)}
          </Button>
        ))}
        {created.status === 'ENDED' ? <Button variant="secondary" onClick={onNew}>{t('conference.create.again')}</Button> : null}
      </div>
    </div>
  );
}
