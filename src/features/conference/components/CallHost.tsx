// The chat screen's call layer: rings on CONFERENCE_CALL (the incoming call dialog with Accept and Decline; a
// call while this account is in another is answered busy), follows the conference notifications, and shows the
// call bar of a placed, connected or ended call. An invitee of a built-in conference (CONFERENCE_CREATE) gets a
// bar that opens the conference's page in its room.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Phone, PhoneOff, Users, Video } from 'lucide-react';
import { IS_ALLOW_VIDEO_CONFERENCE, IS_ALLOW_VOICE_CALL } from '@variant/flags';
import { Button, Dialog, usePanelNav } from '../../../ui/index.ts';
import { useRoom } from '../../../domain/index.ts';
import { chatServices } from '../../../core/session/services.ts';
import { useNotifications } from '../../../core/session/notifications.ts';
import { answerCall, callStatus, statusOf } from '../api/calls.ts';
import { useCallStore } from '../hooks/callStore.ts';
import { useInvitationStore } from '../hooks/invitationStore.ts';
import { isLive, ringsBusy, type Call, type ConferenceEvent } from '../model/call.ts';
import { invitationOf, type Invitation } from '../model/conference.ts';
import { createConferencePage } from '../pages.tsx';
import styles from './Call.module.scss';

/** A connected or ringing call asks for its status this often: the server announces no stop. */
const STATUS_POLL_MS = 4_000;

/** A placed call rings this long before the caller's client gives up ('No answer'). */
const RING_TIMEOUT_MS = 45_000;

/** How long the note of an ended call stays (it can be closed before). */
const ENDED_NOTE_MS = 8_000;

const EVENT_TYPES = { CONFERENCE_ACCEPT: 'ACCEPT', CONFERENCE_REJECT: 'REJECT', CONFERENCE_CANCEL: 'CANCEL' } as const;

function useConferenceNotifications(): void {
  useNotifications((notification, { accountId }) => {
    if (notification.source !== 'replyQueue') return;
    const invitation = IS_ALLOW_VIDEO_CONFERENCE ? invitationOf(notification, accountId) : null;
    if (invitation) return useInvitationStore.getState().invite(invitation);
    const store = useCallStore.getState();
    if (notification.notifyType === 'CONFERENCE_CALL') {
      const data = notification.data;
      const kind = data?.type === 'VIDEO' ? 'VIDEO' : 'VOICE';
      if (!data?.refId || !data.vcType || !data.creatorId || !notification.roomId || data.creatorId === accountId) return;
      const call: Call = { refId: data.refId, vcType: data.vcType, roomId: notification.roomId, creatorId: data.creatorId, kind, direction: 'incoming', phase: 'ringing' };
      // A kind of call the variant does not offer rings on the account's other devices only.
      if (!(kind === 'VIDEO' ? IS_ALLOW_VIDEO_CONFERENCE : IS_ALLOW_VOICE_CALL)) return;
      if (ringsBusy(store.call, call.refId)) void answerCall(call, 'busy').catch(() => undefined);
      else if (!isLive(store.call)) store.ring(call);
      return;
    }
    if (notification.notifyType === 'CONFERENCE_ACCEPT' || notification.notifyType === 'CONFERENCE_REJECT' || notification.notifyType === 'CONFERENCE_CANCEL') {
      const data = notification.data;
      if (!data?.refId) return;
      const inner = data.data as { accountId?: unknown } | undefined;
      const event: ConferenceEvent = {
        type: EVENT_TYPES[notification.notifyType],
        refId: data.refId,
        status: statusOf(data.data),
        actorId: typeof inner?.accountId === 'string' ? inner.accountId : notification.senderId,
      };
      store.apply(event, accountId);
    }
  });
}

/** While a call is live, its status is asked now and then (a stop, or news missed while the socket was down). */
function useStatusPoll(call: Call | null): void {
  const refId = isLive(call) ? call.refId : null;
  const vcType = call?.vcType;
  useEffect(() => {
    if (!refId || !vcType) return;
    const timer = setInterval(() => {
      void callStatus({ refId, vcType }).then((status) => {
        if (status) useCallStore.getState().apply({ type: 'STATUS', refId, status }, chatServices().accountId);
      });
    }, STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [refId, vcType]);
}

function IncomingCallDialog({ call, name }: { call: Call; name: string }) {
  const { t } = useTranslation();
  const { accept, decline, busy } = useCallStore();
  const title = t(call.kind === 'VIDEO' ? 'conference.incomingVideo' : 'conference.incomingVoice');
  return (
    <Dialog
      open
      role="alertdialog"
      title={title}
      onClose={() => void decline()}
      footer={
        <>
          <Button variant="danger" icon={<PhoneOff aria-hidden="true" />} disabled={busy} onClick={() => void decline()}>
            {t('conference.decline')}
          </Button>
          <Button icon={call.kind === 'VIDEO' ? <Video aria-hidden="true" /> : <Phone aria-hidden="true" />} disabled={busy} onClick={() => void accept()}>
            {t('conference.accept')}
          </Button>
        </>
      }
    >
      <p className={styles.caller} data-testid="incoming-call">{t('conference.callFrom', { name })}</p>
    </Dialog>
  );
}

function CallBar({ call, name }: { call: Call; name: string }) {
  const { t } = useTranslation();
  const { hangUp, dismiss, giveUp, busy } = useCallStore();
  const ringingOut = call.direction === 'outgoing' && call.phase === 'ringing';
  useEffect(() => {
    if (!ringingOut) return;
    const timer = setTimeout(() => void giveUp(), RING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [giveUp, ringingOut]);
  const text =
    call.phase === 'ringing' ? t('conference.calling', { name }) : call.phase === 'connected' ? t('conference.connected', { name }) : t(`conference.end.${call.end ?? 'ended'}`, { name });
  const live = call.phase !== 'ended';
  useEffect(() => {
    if (live) return;
    // An ended call's note goes by itself after a while.
    const timer = setTimeout(dismiss, ENDED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [dismiss, live]);
  return (
    <div className={styles.bar} role="status" data-testid="call-bar" data-phase={call.phase}>
      {call.kind === 'VIDEO' ? <Video aria-hidden="true" className={styles.icon} /> : <Phone aria-hidden="true" className={styles.icon} />}
      <span className={styles.text}>{text}</span>
      {call.phase === 'connected' ? <span className={styles.note}>{t('conference.mediaNote')}</span> : null}
      {live ? (
        <Button variant="danger" icon={<PhoneOff aria-hidden="true" />} disabled={busy} onClick={() => void hangUp()}>
          {call.phase === 'ringing' ? t('conference.cancel') : t('conference.hangUp')}
        </Button>
      ) : (
        <Button variant="ghost" onClick={dismiss}>{t('common.close')}</Button>
      )}
    </div>
  );
}

/** A built-in conference's invitation: Open shows the conference's page (join token, Start, Stop) in its room. */
function InvitationBar({ invitation, name }: { invitation: Invitation; name: string }) {
  const { t } = useTranslation();
  const dismiss = useInvitationStore((state) => state.dismiss);
  const room = useRoom(invitation.roomId);
  const open = () => {
    const nav = usePanelNav.getState();
    if (room && nav.room?.roomId !== room.roomId) nav.selectRoom(room);
    nav.openRight(createConferencePage, { roomId: invitation.roomId, invitation }, { replace: true });
    dismiss();
  };
  return (
    <div className={styles.bar} role="status" data-testid="conference-invitation" data-flag="IS_ALLOW_VIDEO_CONFERENCE">
      <Users aria-hidden="true" className={styles.icon} />
      <span className={styles.text}>{t(`conference.invitation.${invitation.type}`, { room: name })}</span>
      <Button disabled={!room} onClick={open}>{t('conference.invitation.open')}</Button>
      <Button variant="ghost" onClick={dismiss}>{t('common.close')}</Button>
    </div>
  );
}

export interface CallHostProps {
  /** The name the room list shows for a room ('' when it does not know the room). */
  roomName: (roomId: string) => string;
}

export function CallHost({ roomName }: CallHostProps) {
  useConferenceNotifications();
  const call = useCallStore((state) => state.call);
  const invitation = useInvitationStore((state) => state.invitation);
  useStatusPoll(call);
  const invited = IS_ALLOW_VIDEO_CONFERENCE && invitation ? <InvitationBar invitation={invitation} name={roomName(invitation.roomId)} /> : null;
  if (!call) return invited;
  const name = roomName(call.roomId);
  if (call.direction === 'incoming' && call.phase === 'ringing') return <IncomingCallDialog call={call} name={name} />;
  return (
    <>
      {invited}
      <CallBar call={call} name={name} />
    </>
  );
}
