// Conferences over the wire: the external call state machine with its notifications arriving over STOMP,
// an illegal transition refused, the signed join token, the built-in conference and its history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeByName as E } from '../../../generated/errors.ts';
import { conferenceStore } from '../../../server/store/repos/conference.ts';
import { signingKey, verifyJoinToken } from '../../../server/services/conference/token.ts';
import { errorCode } from '../../support/node-transport.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { groupRoom, listen, ok, person, replyQueueOf, type Listener, type Person } from './helpers.ts';

let server: TestServer;
let alice: Person;
let bob: Person;
let carol: Person;
let dave: Person;
let bobQueue: Listener;
let aliceQueue: Listener;
let roomId: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = await person(server, 'alice', 'Alice Wong');
  bob = await person(server, 'bob', 'Bob Chan');
  carol = await person(server, 'carol', 'Carol Ho');
  dave = await person(server, 'dave', 'Dave Lam');
  roomId = await groupRoom(alice, [bob, carol]);
  bobQueue = await listen(server, bob, replyQueueOf(server, bob));
  aliceQueue = await listen(server, alice, replyQueueOf(server, alice));
}, 120_000);
afterAll(async () => {
  await bobQueue?.close();
  await aliceQueue?.close();
  await server?.close();
});

const about = (type: string, refId: string) => (n: Record<string, unknown>) => n.notifyType === type && n.dataId === refId;
const statusOf = (data: unknown) => (data as { status?: string }).status;

describe('external conference calls', () => {
  it('rings, is accepted, starts and ends; each step reaches the participants over STOMP', async () => {
    const call = ok(await alice.api.createExternalConference({ conferenceType: 'VIDEO', roomId }));
    const refId = call.refId!;
    expect(call.vcType).toBe('CHATGEN');
    expect(statusOf(call.data)).toBe('RINGING');

    const ringing = await bobQueue.next(about('CONFERENCE_CALL', refId));
    expect(ringing).toMatchObject({ senderId: alice.accountId, roomId, data: { refId, creatorId: alice.accountId, type: 'VIDEO', vcType: 'CHATGEN' } });

    const accepted = ok(await bob.api.acceptConferenceCall({ vcType: 'CHATGEN', creatorId: alice.accountId, refId }));
    expect(statusOf(accepted.data)).toBe('ACCEPTED');
    const heard = await aliceQueue.next(about('CONFERENCE_ACCEPT', refId));
    expect(heard).toMatchObject({ senderId: bob.accountId, data: { data: { status: 'ACCEPTED', accountId: bob.accountId } } });

    // Carol, still ringing, is busy: the call goes on; the others hear a rejection with the reason.
    ok(await carol.api.busyConferenceCall({ vcType: 'CHATGEN', creatorId: alice.accountId, refId }));
    expect(await aliceQueue.next((n) => about('CONFERENCE_REJECT', refId)(n) && (n.data as { data: { reason?: string } }).data.reason === 'BUSY')).toBeTruthy();
    const info = ok(await carol.api.getExternalConferenceInfo({ vcType: 'CHATGEN', refId }));
    expect(statusOf(info.data)).toBe('ACCEPTED');
    expect((info.data as { participants: { accountId: string; answer: string }[] }).participants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ accountId: carol.accountId, answer: 'BUSY' }),
        expect.objectContaining({ accountId: bob.accountId, answer: 'ACCEPTED' }),
      ]),
    );

    // A signed, expiring join token for the media server; someone who declined gets none.
    const joined = ok(await bob.api.getConferenceTokenAndInfo({ uuid: refId }));
    const key = await signingKey(server.app.ctx.db);
    const claims = verifyJoinToken(key.publicKeyPem, joined.token, new Date());
    expect(claims).toMatchObject({ sub: bob.accountId, conf: refId, room: roomId, media: 'VIDEO' });
    expect(verifyJoinToken(key.publicKeyPem, joined.token, new Date(Date.now() + 11 * 60_000))).toBeNull();
    expect(verifyJoinToken(key.publicKeyPem, joined.token.slice(0, -4) + 'AAAA', new Date())).toBeNull();
    expect(errorCode(await carol.api.getConferenceTokenAndInfo({ uuid: refId }))).toBe(E.FORBIDDEN);

    ok(await alice.api.startConference({ uuid: refId }));
    ok(await bob.api.stopConference({ uuid: refId }));

    // The illegal transitions: starting an ended conference, answering it, joining it.
    expect(errorCode(await alice.api.startConference({ uuid: refId }))).toBe(E.CONFLICT);
    expect(errorCode(await alice.api.stopConference({ uuid: refId }))).toBe(E.CONFLICT);
    expect(errorCode(await bob.api.getConferenceTokenAndInfo({ uuid: refId }))).toBe(E.CONFLICT);

    const conference = await conferenceStore(server.app.ctx.db).findByUuid(refId);
    const steps = await conferenceStore(server.app.ctx.db).transitions(conference!.id);
    expect(steps.map((s) => `${s.event}:${s.to}`)).toEqual(['CREATE:RINGING', 'ACCEPT:ACCEPTED', 'BUSY:ACCEPTED', 'START:STARTED', 'STOP:ENDED']);
  });

  it('a cancelled call tells the callees, and cannot be accepted afterwards', async () => {
    const refId = ok(await alice.api.createExternalConference({ conferenceType: 'VOICE', roomId })).refId!;
    expect(errorCode(await bob.api.cancelConferenceCall({ vcType: 'CHATGEN', refId }))).toBe(E.FORBIDDEN);
    ok(await alice.api.cancelConferenceCall({ vcType: 'CHATGEN', refId }));
    const cancelled = await bobQueue.next(about('CONFERENCE_CANCEL', refId));
    expect(statusOf((cancelled.data as { data: unknown }).data)).toBe('CANCELLED');
    const late = await bob.api.acceptConferenceCall({ vcType: 'CHATGEN', creatorId: alice.accountId, refId });
    expect(errorCode(late)).toBe(E.CONFLICT);
  });

  it('ends as REJECTED when every callee declines, and refuses outsiders and wrong creators', async () => {
    const refId = ok(await alice.api.createExternalConference({ conferenceType: 'VOICE', roomId })).refId!;
    expect(errorCode(await dave.api.getExternalConferenceInfo({ vcType: 'CHATGEN', refId }))).toBe(E.NOT_FOUND);
    expect(errorCode(await bob.api.rejectConferenceCall({ vcType: 'CHATGEN', creatorId: carol.accountId, refId }))).toBe(E.NOT_FOUND);
    expect(errorCode(await alice.api.acceptConferenceCall({ vcType: 'CHATGEN', creatorId: alice.accountId, refId }))).toBe(E.FORBIDDEN);

    ok(await bob.api.rejectConferenceCall({ vcType: 'CHATGEN', creatorId: alice.accountId, refId }));
    expect(statusOf(ok(await alice.api.getExternalConferenceInfo({ vcType: 'CHATGEN', refId })).data)).toBe('RINGING');
    expect(errorCode(await bob.api.acceptConferenceCall({ vcType: 'CHATGEN', creatorId: alice.accountId, refId }))).toBe(E.CONFLICT);
    ok(await carol.api.rejectConferenceCall({ vcType: 'CHATGEN', creatorId: alice.accountId, refId }));
    await aliceQueue.next((n) => about('CONFERENCE_REJECT', refId)(n) && n.senderId === carol.accountId);
    expect(statusOf(ok(await alice.api.getExternalConferenceInfo({ vcType: 'CHATGEN', refId })).data)).toBe('REJECTED');
    expect(errorCode(await alice.api.startConference({ uuid: refId }))).toBe(E.CONFLICT);
  });
});

describe('built-in conferences', () => {
  it('invites members only, notifies CONFERENCE_CREATE, starts, stops and shows in the history', async () => {
    expect(errorCode(await alice.api.createConference({ type: 'VIDEO', roomId, accountIds: [bob.accountId, dave.accountId] }))).toBe(E.NOT_ROOM_MEMBER);
    expect(errorCode(await dave.api.createConference({ type: 'VIDEO', roomId, accountIds: [bob.accountId] }))).toBe(E.NOT_ROOM_MEMBER);

    const { uuid } = ok(await alice.api.createConference({ type: 'VIDEO', roomId, accountIds: [bob.accountId] }));
    const created = await bobQueue.next(about('CONFERENCE_CREATE', uuid));
    expect(created).toMatchObject({ senderId: alice.accountId, roomId, data: { uuid, type: 'VIDEO', creatorId: alice.accountId } });

    const token = ok(await bob.api.getConferenceTokenAndInfo({ uuid }));
    expect(token.conferenceInfo).toEqual({ meetingId: uuid });
    expect(errorCode(await carol.api.getConferenceTokenAndInfo({ uuid }))).toBe(E.NOT_FOUND);
    ok(await alice.api.startConference({ uuid }));
    expect(errorCode(await alice.api.startConference({ uuid }))).toBe(E.CONFLICT);
    ok(await alice.api.stopConference({ uuid }));

    const history = ok(await bob.api.getConferenceHistory({})).conferences;
    expect(history[0]).toMatchObject({ uuid, type: 'VIDEO', roomId });
    expect(new Set(history[0]?.accountIds)).toEqual(new Set([alice.accountId, bob.accountId]));
    expect(ok(await dave.api.getConferenceHistory({})).conferences).toEqual([]);
  });
});
