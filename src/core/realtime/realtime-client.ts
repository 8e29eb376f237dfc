// The chat socket: STOMP 1.2 over WebSocket at {host}/v3/ws (@stomp/stompjs). It subscribes to the user's
// reply queue and account topic, room topics on demand, retries by the seed's policy (every 10 s, 3 tries) and,
// after a successful reconnect, emits `resynced` so the app refetches what it may have missed (gap fill). Once the
// tries are used up it stays `lost` until `reconnect()` (the Reconnect button, the browser back online, the tab
// shown again) starts a fresh set.
import { Client, type IFrame, type IStompSocket, type StompSubscription } from '@stomp/stompjs';
import {
  accountTopic,
  broadcastTopic,
  replyQueue,
  roomTopic,
  sendDestination,
  type SendName,
  type SendPayloads,
  type TopicMessage,
} from '@generated/realtime/index';
import { constants } from '@variant/constants';
import { DEVICE_PROOF_HEADER } from '../crypto/device-proof.ts';
import { Emitter } from './emitter.ts';
import { HeartbeatWatch } from './heartbeat-watch.ts';
import { parseFrameBody, type ChatDestination, type DestinationValidators, type NotificationSource, type ReceivedNotification } from './messages.ts';
import { ReconnectPolicy } from './reconnect-policy.ts';

export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'lost' | 'closed';

export interface RealtimeEvents extends Record<string, unknown> {
  notification: ReceivedNotification;
  topic: TopicMessage;
  status: RealtimeStatus;
  /** The seed's disconnect listener: true when the loss matched the lost-connection indicator. */
  disconnect: boolean;
  /**
   * Connected again after a loss (or after a first attempt that failed): reload the room list and fetch each open
   * room's messages after its last one.
   */
  resynced: undefined;
  /** A STOMP ERROR frame's message (only logged by the seed). */
  error: string;
}

export type WebSocketFactory = (url: string, protocols: string[]) => IStompSocket;

export interface RealtimeClientOptions {
  /** `ws://host` or `wss://host` (see webSocketBase). */
  wsBase: string;
  apiKey: string;
  /** A fresh Device-Proof for each CONNECT (docs/protocol.md "Device proof"); absent or null: the Api-Key alone. */
  connectProof?: () => Promise<string | null>;
  mqSysName: string;
  accountId: string;
  /** The login name: topic messages carry it as accountName. */
  accountName: string;
  /** Injectable so tests run in Node (the `ws` package) against the real server. */
  webSocketFactory?: WebSocketFactory;
  heartbeatIncomingMs?: number;
  heartbeatOutgoingMs?: number;
  /** How long one attempt may take to connect (default: HANDSHAKE_INTERVALS reconnect intervals). */
  connectionTimeoutMs?: number;
  reconnect?: ReconnectPolicy;
  debug?: (message: string) => void;
}

/** Close code the server uses for a forced logout: no retry, the FORCE_LOGOUT notification says why. */
export const FORCED_LOGOUT_CLOSE_CODE = 4000;
export const LOST_CONNECTION_INDICATOR = constants.socket.lostConnectionIndicator;
const STOMP_PROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];
/**
 * How many reconnect intervals one attempt may take to connect. A busy server (just started, or sharing its cores)
 * may take longer than one interval to answer the handshake; an attempt given up after one interval then fails
 * each time it is tried, and a slow connection reads as a lost one. A handshake that hangs still fails, later.
 */
export const HANDSHAKE_INTERVALS = 3;
/** The library's own heart-beat check never fires (HeartbeatWatch does the checking): its tolerance is this many beats. */
const LIBRARY_CHECK_OFF = 1e9;

/** The reference server's ERROR message for a SUBSCRIBE it refuses, followed by the destination. */
const REFUSED_SUBSCRIPTION = 'not allowed to subscribe to';

const roomDestination = (roomId: string, kind: RoomKind): string => (kind === 'broadcast' ? broadcastTopic(roomId) : roomTopic(roomId));

export function isLostConnection(message: string): boolean {
  return message.includes(LOST_CONNECTION_INDICATOR);
}

/** The socket origin for an HTTP host; '' means the page's own origin. */
export function webSocketBase(host: string, location?: { protocol: string; host: string }): string {
  if (host) return host.replace(/^http(s?):/i, 'ws$1:');
  const here = location ?? globalThis.location;
  return `${here.protocol === 'https:' ? 'wss:' : 'ws:'}//${here.host}`;
}

type RoomKind = 'room' | 'broadcast';

/** The frame validators are a large module: loaded once, when the first socket opens, not with the login page. */
let validatorsLoad: Promise<DestinationValidators> | null = null;
const loadValidators = () => (validatorsLoad ??= import('@generated/realtime/validators.js').then((m) => m.destinationValidators));

export class RealtimeClient extends Emitter<RealtimeEvents> {
  private client: Client | null = null;
  private readonly policy: ReconnectPolicy;
  private readonly rooms = new Map<string, { kind: RoomKind; subscription: StompSubscription | null }>();
  /** Rooms the server refused (subscribe or send): not sent to until subscribed anew. */
  private readonly refused = new Set<string>();
  private currentStatus: RealtimeStatus = 'idle';
  private everConnected = false;
  /** Sockets opened so far: a connection that is not the first attempt's may have missed something. */
  private attempts = 0;
  /** The attempt that reached CONNECTED: only its loss is a disconnect (failed retries are not). */
  private connectedClient: Client | null = null;
  private lastStompError: string | null = null;
  private healthCount = 0;
  private firstOutcome: ((connected: boolean) => void) | null = null;
  private validators: DestinationValidators | null = null;
  private firstConnect: Promise<boolean> | null = null;
  /** The current connection's heart-beat check (null when the server does not beat). */
  private watch: HeartbeatWatch | null = null;

  constructor(private readonly options: RealtimeClientOptions) {
    super();
    this.policy = options.reconnect ?? new ReconnectPolicy();
  }

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  get url(): string {
    return `${this.options.wsBase}/v3/ws`;
  }

  /** Opens the socket; resolves with the outcome of the first attempt (retries go on in the background). */
  connect(): Promise<boolean> {
    if (this.firstConnect) return this.firstConnect;
    if (this.client) return Promise.resolve(this.currentStatus === 'connected');
    const outcome = new Promise<boolean>((resolve) => (this.firstOutcome = resolve));
    this.firstConnect = outcome.finally(() => (this.firstConnect = null));
    this.setStatus('connecting');
    void loadValidators().then(
      (validators) => {
        this.validators = validators;
        if (this.currentStatus === 'connecting' && !this.client) this.open();
      },
      () => {
        this.setStatus('lost');
        this.settleFirst(false);
      },
    );
    return outcome;
  }

  /**
   * Tries again now with a fresh set of tries, when the connection is lost or waiting for its next try; false (and
   * nothing done) when connected, already trying, closed or never started.
   */
  reconnect(): boolean {
    const waitingOrLost = this.currentStatus === 'lost' || (this.currentStatus === 'reconnecting' && this.policy.waiting);
    if (!waitingOrLost) return false;
    this.policy.reset();
    const stale = this.client;
    this.client = null;
    if (stale) void stale.deactivate();
    this.setStatus('reconnecting');
    this.open();
    return true;
  }

  /** Closes for good (logout, forced clear). */
  close(): void {
    this.policy.cancel();
    const client = this.client;
    this.client = null;
    for (const room of this.rooms.values()) room.subscription = null;
    this.settleFirst(false);
    this.stopWatch();
    if (client) void client.deactivate();
    this.setStatus('closed');
  }

  subscribeRoom(roomId: string, kind: RoomKind = 'room'): void {
    if (this.rooms.has(roomId)) return;
    this.refused.delete(roomId); // opened anew: the user may have been added back
    const entry = { kind, subscription: null as StompSubscription | null };
    this.rooms.set(roomId, entry);
    if (this.client?.connected) entry.subscription = this.subscribeRoomNow(this.client, roomId, kind);
  }

  unsubscribeRoom(roomId: string): void {
    const entry = this.rooms.get(roomId);
    this.rooms.delete(roomId);
    if (entry?.subscription && this.client?.connected) entry.subscription.unsubscribe();
  }

  /** TYPING / ONLINE / OFFLINE (and the other topic types) to a room; false when not connected. */
  sendTopic(roomId: string, type: TopicMessage['type']): boolean {
    if (this.refused.has(roomId)) return false; // the server refused this room: it would refuse the send too
    return this.send('roomTopicMessage', sendDestination.roomTopicMessage(roomId), { roomId, accountName: this.options.accountName, type });
  }

  /** Health-check echo: the server answers with a HEALTH_CHECK notification carrying its dataId, the count. */
  healthCheck(): number | null {
    this.healthCount += 1;
    const count = this.healthCount;
    const echo = { notifyType: 'HEALTH_CHECK', dataId: String(count), ts: Date.now() } as const;
    return this.send('healthCheckEcho', sendDestination.healthCheckEcho(), echo) ? count : null;
  }

  logoutOtherSessions(): boolean {
    return this.send('logoutOtherSessions', sendDestination.logoutOtherSessions(), { reason: 'LOGOUT_OTHER_SESSIONS' });
  }

  /** One of the contract's sends: the name ties the body to its definition. */
  private send<N extends SendName>(_name: N, destination: string, body: SendPayloads[N]): boolean {
    return this.publish(destination, body);
  }

  private publish(destination: string, body: object): boolean {
    const client = this.client;
    if (!client?.connected) return false;
    client.publish({ destination, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    return true;
  }

  private open(): void {
    const { webSocketFactory } = this.options;
    const url = this.url;
    const client = new Client({
      connectHeaders: { 'Api-Key': this.options.apiKey },
      heartbeatIncoming: this.options.heartbeatIncomingMs ?? constants.socket.heartbeatIncomingMs,
      heartbeatOutgoing: this.options.heartbeatOutgoingMs ?? constants.socket.heartbeatOutgoingMs,
      // The library counts a check that ran late on a starved page as missed beats: HeartbeatWatch checks instead.
      heartbeatToleranceMultiplier: LIBRARY_CHECK_OFF,
      // A socket given up (silent server, hung handshake) is dropped at once, not after a close handshake that a
      // dead network never completes: the retry starts on time.
      discardWebsocketOnCommFailure: true,
      reconnectDelay: 0, // retries follow ReconnectPolicy, not the library's own schedule
      // An attempt whose handshake hangs (a network that drops packets, a blip while it opened) fails and counts as
      // a try; without a bound it stayed 'reconnecting' for good and nothing retried it.
      connectionTimeout: this.options.connectionTimeoutMs ?? constants.socket.reconnectIntervalMs * HANDSHAKE_INTERVALS,
      debug: this.options.debug ?? (() => undefined),
      ...(webSocketFactory ? { webSocketFactory: () => webSocketFactory(url, STOMP_PROTOCOLS) } : { brokerURL: url }),
    });
    const { connectProof } = this.options;
    // Each attempt signs anew: a proof's nonce is spent by the CONNECT it was made for.
    if (connectProof) {
      client.beforeConnect = async () => {
        const proof = await connectProof();
        client.connectHeaders = { 'Api-Key': this.options.apiKey, ...(proof ? { [DEVICE_PROOF_HEADER]: proof } : {}) };
      };
    }
    client.onConnect = (frame) => this.onConnected(client, frame);
    client.onHeartbeatReceived = () => this.watch?.heard();
    client.onStompError = (frame) => {
      this.lastStompError = frame.headers.message ?? frame.body;
      this.forgetRefusedRoom(this.lastStompError);
      this.emit('error', this.lastStompError);
    };
    client.onWebSocketClose = (event?: { code?: number }) => this.onClosed(client, event?.code);
    this.client = client;
    this.attempts += 1;
    this.lastStompError = null;
    client.activate();
  }

  private onConnected(client: Client, frame: IFrame): void {
    if (client !== this.client) return;
    this.watchHeartbeats(client, frame.headers['heart-beat']);
    const wasReconnect = this.everConnected || this.attempts > 1;
    this.everConnected = true;
    this.connectedClient = client;
    this.policy.succeeded();
    this.healthCount = 0; // the seed: the health-check counter resets on connect
    const { mqSysName, accountId } = this.options;
    for (const [roomId, entry] of this.rooms) entry.subscription = this.subscribeRoomNow(client, roomId, entry.kind);
    client.subscribe(replyQueue(mqSysName, accountId), (m) => this.dispatch(m.body, 'replyQueue', 'replyQueue'));
    // Frames are handled in order: the receipt of the last SUBSCRIBE means every subscription is live, so a
    // refetch started on `resynced` cannot miss a notification sent in between.
    const receipt = `subscribed-${Date.now()}`;
    client.watchForReceipt(receipt, () => {
      if (client !== this.client) return;
      this.setStatus('connected');
      this.settleFirst(true);
      if (wasReconnect) this.emit('resynced', undefined);
    });
    client.subscribe(accountTopic(accountId), (m) => this.dispatch(m.body, 'accountTopic', 'account'), { receipt });
  }

  /**
   * STOMP 1.2: the server beats every max(what it offers, what this client asked for), when both are non-zero; the
   * seed allows maxMissedHeartbeats of silence before the connection counts as lost.
   */
  private watchHeartbeats(client: Client, serverHeartBeat: string | undefined): void {
    this.stopWatch();
    const serverSendsMs = Number(serverHeartBeat?.split(',')[0] ?? 0) || 0;
    const wantedMs = this.options.heartbeatIncomingMs ?? constants.socket.heartbeatIncomingMs;
    if (serverSendsMs <= 0 || wantedMs <= 0) return;
    this.watch = new HeartbeatWatch({
      everyMs: Math.max(serverSendsMs, wantedMs),
      missedBeats: constants.socket.maxMissedHeartbeats,
      onSilent: () => {
        this.options.debug?.('no heart-beat from the server for too long: closing the socket');
        if (client === this.client) client.forceDisconnect();
      },
    });
    this.watch.start();
  }

  private stopWatch(): void {
    this.watch?.stop();
    this.watch = null;
  }

  /**
   * A room the server refuses (the user was removed, and the chat is still open) is neither subscribed nor sent to
   * again: each refusal (ERROR) closes the connection, and every retry resubscribing it, or saying ONLINE to it once
   * connected, was refused the same way, so one lost membership kept the whole socket, and every other room's
   * updates and the outbox, down until a reload.
   */
  private forgetRefusedRoom(message: string): void {
    for (const [roomId, entry] of this.rooms) {
      const destination = roomDestination(roomId, entry.kind);
      if (message !== `${REFUSED_SUBSCRIPTION} ${destination}` && message !== `SEND to ${destination} refused`) continue;
      this.rooms.delete(roomId);
      this.refused.add(roomId);
    }
  }

  private subscribeRoomNow(client: Client, roomId: string, kind: RoomKind): StompSubscription {
    return client.subscribe(roomDestination(roomId, kind), (m) => this.dispatch(m.body, kind === 'broadcast' ? 'broadcastTopic' : 'roomTopic', 'room'));
  }

  private dispatch(body: string, destination: ChatDestination, source: NotificationSource): void {
    this.watch?.heard();
    if (!this.validators) return;
    const parsed = parseFrameBody(this.validators, destination, body);
    if (!parsed) this.options.debug?.(`dropped a frame on ${destination} that the contract does not allow: ${body.slice(0, 200)}`);
    if (parsed?.kind === 'notification') this.emit('notification', { ...parsed.notification, source });
    else if (parsed?.kind === 'topic') this.emit('topic', parsed.topic);
  }

  private onClosed(client: Client, code: number | undefined): void {
    if (client !== this.client) return; // an old attempt, or close() already ran
    this.stopWatch();
    void client.deactivate();
    for (const room of this.rooms.values()) room.subscription = null;
    if (this.connectedClient === client) {
      this.connectedClient = null;
      // A socket that drops without an ERROR frame is the library's old "Whoops! Lost connection to <url>".
      const message = this.lastStompError ?? `${LOST_CONNECTION_INDICATOR} ${this.url}`;
      this.emit('disconnect', isLostConnection(message));
    }
    this.settleFirst(false);
    if (code === FORCED_LOGOUT_CLOSE_CODE) {
      this.client = null;
      this.setStatus('closed');
      return;
    }
    if (this.policy.schedule(() => this.client === client && this.open())) {
      this.setStatus('reconnecting');
    } else {
      this.client = null;
      this.setStatus('lost');
    }
  }

  private settleFirst(connected: boolean): void {
    this.firstOutcome?.(connected);
    this.firstOutcome = null;
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.emit('status', status);
  }
}
