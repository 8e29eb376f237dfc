/**
 * One STOMP 1.2 connection over one WebSocket: CONNECT handshake, heart-beats, subscriptions, SEND relay.
 * Frames are handled one after another (authorisation may be asynchronous, order must hold).
 * Any protocol error is answered with an ERROR frame and the connection is closed, as STOMP requires.
 */
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import WebSocket from 'ws';
import { INTERNAL_DESTINATION_PREFIX, ROOM_ID_HEADER, type Bus, type BusMessage, type Unsubscribe } from './broker.ts';
import { destinations, parseDestination } from '../../generated/realtime/index.ts';
import { messageFrame } from './message-frame.ts';
import { batchWritesThisTurn } from './write-batch.ts';
import { bodyText, encodeFrame, FrameDecoder, FrameError, HEARTBEAT, type DecoderLimits, type StompFrame } from './frames.ts';
import type { AuthenticatedSession, Authenticate, Authorise, AuthoriseLogin, Endpoint, OnClientSend, OnLoginSubscribed, SendingConnection, StompSession } from './session.ts';

export interface ConnectionConfig {
  bus: Bus;
  authenticate: Authenticate;
  authorise: Authorise;
  authoriseLogin: AuthoriseLogin;
  onClientSend: OnClientSend | undefined;
  onLoginSubscribed?: OnLoginSubscribed;
  /** what the server offers: it can send every `outgoingMs`, wants to receive every `incomingMs` */
  heartbeat: { outgoingMs: number; incomingMs: number };
  missedHeartbeats: number;
  connectTimeoutMs: number;
  /** subscriptions one connection may hold (a client needs its queue, account topic and open rooms) */
  maxSubscriptions: number;
  /**
   * Whether an authenticated connection may join: null when it may, else the ERROR message (the caps on
   * connections per session). Runs in the same tick as the connection turns connected, so it sees every other.
   */
  admit: (session: AuthenticatedSession) => string | null;
  /** frames received but not yet handled before the socket stops being read (back-pressure on a fast sender) */
  maxQueuedFrames: number;
  /** unsent bytes on the socket before the client is dropped as too slow (the slow consumer, never the sender) */
  maxOutgoingBufferBytes: number;
  limits: DecoderLimits;
  log: (event: string, detail: Record<string, unknown>) => void;
}

/** Close codes: 1000 normal, 1002 protocol error, 1008 refused, 1013 too slow, 4000 forced logout. */
export const CLOSE = { normal: 1000, protocol: 1002, refused: 1008, tooSlow: 1013, kicked: 4000 } as const;

/**
 * After a revocation, frames tagged with the room (ROOM_ID_HEADER) are dropped on this connection for this long:
 * a notification whose recipients were read just before the removal committed may be published just after it.
 */
export const REVOKED_ROOM_QUIET_MS = 30_000;

type State = 'awaiting-connect' | 'connected' | 'closed';

export class StompConnection {
  readonly session: StompSession;
  private state: State = 'awaiting-connect';
  private readonly decoder: FrameDecoder;
  private readonly subscriptions = new Map<string, { destination: string; unsubscribe: Unsubscribe }>();
  /** destinations this connection subscribes to: one subscription each, so a message is one frame here */
  private readonly subscribed = new Set<string>();
  /** rooms revoked from this connection's account, until when their tagged frames are dropped */
  private readonly revokedRooms = new Map<string, number>();
  /** for a SEND hook: the subscriptions this connection holds (see SendingConnection) */
  private readonly proofs: SendingConnection = { subscribedTo: (destination) => this.subscribed.has(destination) };
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  /** reading from the socket is paused while `queued` is at `maxQueuedFrames` (back-pressure) */
  private paused = false;
  private lastReceived = Date.now();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly closedPromise: Promise<void>;

  constructor(
    private readonly ws: WebSocket,
    endpoint: Endpoint,
    private readonly config: ConnectionConfig,
    private readonly onClosed: (connection: StompConnection) => void,
    /** the upgraded TCP socket under `ws`, whose writes are batched per turn (write-batch.ts) */
    private readonly socket?: Duplex,
  ) {
    this.session = { connectionId: randomBytes(16).toString('hex'), endpoint, user: null };
    this.decoder = new FrameDecoder(config.limits);
    this.closedPromise = new Promise((resolve) => ws.once('close', () => resolve()));
    ws.on('message', (data: WebSocket.RawData) => this.onData(data));
    ws.on('close', () => this.cleanUp());
    ws.on('error', (error) => this.config.log('socket-error', { connectionId: this.session.connectionId, error: String(error) }));
    const connectTimer = setTimeout(() => {
      if (this.state === 'awaiting-connect') this.fail('no CONNECT frame in time', CLOSE.protocol);
    }, config.connectTimeoutMs);
    this.timers.push(connectTimer);
  }

  get closed(): Promise<void> {
    return this.closedPromise;
  }

  get isConnected(): boolean {
    return this.state === 'connected';
  }

  /** Forced logout: tell the client why, then close. */
  kick(message: string): void {
    this.fail(message, CLOSE.kicked);
  }

  /**
   * The account may no longer hold the room: its room and broadcast topic subscriptions end now (no frame
   * follows; a later UNSUBSCRIBE of their ids is answered as usual) and late frames about the room are dropped.
   */
  revokeRoom(roomId: string): void {
    for (const [id, { destination }] of [...this.subscriptions]) {
      const parsed = parseDestination(destination);
      if ((parsed?.name === 'roomTopic' || parsed?.name === 'broadcastTopic') && parsed.roomId === roomId) this.dropSubscription(id);
    }
    this.revokedRooms.set(roomId, Date.now() + REVOKED_ROOM_QUIET_MS);
  }

  /** The account is a member again. */
  restoreRoom(roomId: string): void {
    this.revokedRooms.delete(roomId);
  }

  private isRevoked(roomId: string): boolean {
    const until = this.revokedRooms.get(roomId);
    if (until === undefined) return false;
    if (Date.now() < until) return true;
    this.revokedRooms.delete(roomId);
    return false;
  }

  /** Server shutdown. */
  shutdown(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.ws.close(1001, 'server shutting down');
    const force = setTimeout(() => this.ws.terminate(), 1000);
    force.unref();
  }

  private onData(data: WebSocket.RawData): void {
    if (this.state === 'closed') return;
    this.lastReceived = Date.now();
    const chunk = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    let items;
    try {
      items = this.decoder.push(chunk);
    } catch (error) {
      this.fail(error instanceof FrameError ? error.message : 'malformed frame', CLOSE.protocol);
      return;
    }
    for (const item of items) {
      if (item.kind !== 'frame') continue;
      this.queued += 1;
      const frame = item.frame;
      this.queue = this.queue.then(async () => {
        this.queued -= 1;
        this.lastReceived = Date.now(); // a frame waiting its turn is the client's sign of life too
        if (this.paused && this.queued <= this.config.maxQueuedFrames / 2) {
          this.paused = false;
          this.ws.resume();
        }
        if (this.state === 'closed') return;
        try {
          await this.handle(frame);
        } catch (error) {
          // A fault in a hook or in our own code ends this connection, never the process.
          this.config.log('frame-handler-error', { connectionId: this.session.connectionId, error: String(error) });
          this.fail(error instanceof FrameError ? error.message : 'internal error', CLOSE.protocol, frame);
        }
      });
    }
    // Back-pressure, not a disconnect: a client sending faster than its frames are handled stops being read
    // until half the queue is handled; its own TCP window then slows it. What one WebSocket message can carry
    // (DecoderLimits) bounds how far past the mark the queue gets.
    if (!this.paused && this.queued >= this.config.maxQueuedFrames) {
      this.paused = true;
      this.ws.pause();
    }
  }

  private async handle(frame: StompFrame): Promise<void> {
    if (this.state === 'awaiting-connect') {
      if (frame.command !== 'CONNECT' && frame.command !== 'STOMP') {
        this.fail(`expected CONNECT, got ${frame.command}`, CLOSE.protocol, frame);
        return;
      }
      await this.connect(frame);
      return;
    }
    switch (frame.command) {
      case 'SUBSCRIBE':
        await this.subscribe(frame);
        return;
      case 'UNSUBSCRIBE':
        this.unsubscribe(frame);
        return;
      case 'SEND':
        await this.send(frame);
        return;
      case 'DISCONNECT':
        this.receipt(frame);
        this.state = 'closed';
        this.ws.close(CLOSE.normal);
        return;
      case 'CONNECT':
      case 'STOMP':
        this.fail('already connected', CLOSE.protocol, frame);
        return;
      case 'ACK':
      case 'NACK':
        this.fail('only ack:auto subscriptions are supported', CLOSE.protocol, frame);
        return;
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        this.fail('transactions are not supported', CLOSE.protocol, frame);
        return;
      default:
        this.fail(`${frame.command} is not a client frame`, CLOSE.protocol, frame);
    }
  }

  private async connect(frame: StompFrame): Promise<void> {
    const versions = (frame.headers['accept-version'] ?? '').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) {
      this.fail('Supported protocol versions are 1.2', CLOSE.protocol, frame, { version: '1.2' });
      return;
    }
    const heartBeat = parseHeartBeat(frame.headers['heart-beat']);
    if (heartBeat === null) {
      this.fail('invalid heart-beat header', CLOSE.protocol, frame);
      return;
    }
    if (this.session.endpoint === 'ws') {
      const apiKey = frame.headers['Api-Key'] ?? frame.headers['api-key'];
      if (!apiKey) {
        this.fail('Api-Key header required', CLOSE.refused, frame);
        return;
      }
      let user;
      try {
        user = await this.config.authenticate(apiKey, frame.headers);
      } catch (error) {
        this.config.log('authenticate-error', { error: String(error) });
        user = null;
      }
      if (this.state === 'closed') return;
      if (!user) {
        this.fail('invalid or expired Api-Key', CLOSE.refused, frame);
        return;
      }
      this.session.user = user;
      const refusal = this.config.admit(this.session as AuthenticatedSession);
      if (refusal !== null) {
        this.fail(refusal, CLOSE.refused, frame);
        return;
      }
    }
    this.state = 'connected';
    const { outgoingMs, incomingMs } = this.config.heartbeat;
    this.send_(encodeFrame('CONNECTED', {
      version: '1.2',
      'heart-beat': `${outgoingMs},${incomingMs}`,
      session: this.session.connectionId,
      server: 'chatgen',
    }));
    this.startHeartbeats(heartBeat.clientSendsMs, heartBeat.clientWantsMs);
  }

  /** STOMP 1.2 negotiation: each side uses the larger of what one can do and the other wants; 0 = off. */
  private startHeartbeats(clientSendsMs: number, clientWantsMs: number): void {
    const { outgoingMs, incomingMs } = this.config.heartbeat;
    const sendEvery = outgoingMs > 0 && clientWantsMs > 0 ? Math.max(outgoingMs, clientWantsMs) : 0;
    const expectEvery = incomingMs > 0 && clientSendsMs > 0 ? Math.max(incomingMs, clientSendsMs) : 0;
    if (sendEvery > 0) {
      this.timers.push(setInterval(() => this.send_(HEARTBEAT), sendEvery));
    }
    if (expectEvery > 0) {
      const allowedSilence = expectEvery * this.config.missedHeartbeats;
      this.lastReceived = Date.now();
      let lastCheck = this.lastReceived;
      this.timers.push(
        setInterval(() => {
          const now = Date.now();
          const late = now - lastCheck - expectEvery;
          lastCheck = now;
          // A check that runs well after its time means this process was starved (a busy machine, a long task):
          // timers run before the sockets are read, so the client's beats may be waiting unread. The silence starts
          // over instead of closing a live connection; only silence while the process kept its time counts.
          if (late > expectEvery / 2) {
            this.lastReceived = Math.max(this.lastReceived, now);
            return;
          }
          if (now - this.lastReceived > allowedSilence) {
            this.config.log('heartbeat-timeout', { connectionId: this.session.connectionId });
            this.state = 'closed';
            this.ws.terminate(); // the peer is gone: no close handshake to wait for
          }
        }, expectEvery),
      );
    }
  }

  private async subscribe(frame: StompFrame): Promise<void> {
    const { id, destination } = frame.headers;
    if (!id || !destination) {
      this.fail('SUBSCRIBE needs id and destination', CLOSE.protocol, frame);
      return;
    }
    if (this.subscriptions.has(id)) {
      this.fail(`subscription id ${id} already in use`, CLOSE.protocol, frame);
      return;
    }
    const ack = frame.headers.ack ?? 'auto';
    if (ack !== 'auto') {
      this.fail('only ack:auto subscriptions are supported', CLOSE.protocol, frame);
      return;
    }
    if (this.subscribed.has(destination)) {
      this.fail(`already subscribed to ${destination} on this connection`, CLOSE.refused, frame);
      return;
    }
    if (this.subscriptions.size >= this.config.maxSubscriptions) {
      this.fail(`too many subscriptions: at most ${this.config.maxSubscriptions} on one connection`, CLOSE.refused, frame);
      return;
    }
    if (!(await this.mayReceive(destination))) {
      if (this.state !== 'closed') this.fail(`not allowed to subscribe to ${destination}`, CLOSE.refused, frame);
      return;
    }
    if (this.state !== 'connected') return;
    const unsubscribe = this.config.bus.subscribe(destination, (message) => this.deliver(id, message));
    this.subscriptions.set(id, { destination, unsubscribe });
    this.subscribed.add(destination);
    // The RECEIPT promises delivery from now on, also of what other server processes publish.
    await this.config.bus.bound?.(destination);
    this.receipt(frame);
    if (this.session.endpoint !== 'wslogin' || !this.config.onLoginSubscribed) return;
    try {
      await this.config.onLoginSubscribed(this.session, destination, frame.headers);
    } catch (error) {
      this.config.log('login-subscribed-error', { destination, error: String(error) });
    }
  }

  private async mayReceive(destination: string): Promise<boolean> {
    const session = this.session;
    if (destination.startsWith(INTERNAL_DESTINATION_PREFIX)) return false;
    try {
      if (session.endpoint === 'wslogin') return isLoginSocketDestination(destination) && (await this.config.authoriseLogin(session, destination)) === true;
      if (!session.user) return false;
      return (await this.config.authorise(session as AuthenticatedSession, destination)) === true;
    } catch (error) {
      this.config.log('authorise-error', { destination, error: String(error) });
      return false;
    }
  }

  private unsubscribe(frame: StompFrame): void {
    const id = frame.headers.id;
    if (!id) {
      this.fail('UNSUBSCRIBE needs id', CLOSE.protocol, frame);
      return;
    }
    this.dropSubscription(id);
    this.receipt(frame);
  }

  private dropSubscription(id: string): void {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return;
    subscription.unsubscribe();
    this.subscriptions.delete(id);
    this.subscribed.delete(subscription.destination);
  }

  private async send(frame: StompFrame): Promise<void> {
    const destination = frame.headers.destination;
    if (!destination) {
      this.fail('SEND needs destination', CLOSE.protocol, frame);
      return;
    }
    const hook = this.config.onClientSend;
    if (this.session.endpoint !== 'ws' || !this.session.user || !hook) {
      this.fail('SEND is not accepted on this socket', CLOSE.refused, frame);
      return;
    }
    const body = bodyText(frame);
    let accepted: boolean | void;
    try {
      accepted = await hook(this.session as AuthenticatedSession, destination, body, { ...frame.headers }, this.proofs);
    } catch (error) {
      this.config.log('send-hook-error', { destination, error: String(error) });
      accepted = false;
    }
    if (this.state !== 'connected') return;
    if (accepted === false) {
      this.fail(`SEND to ${destination} refused`, CLOSE.refused, frame);
      return;
    }
    this.receipt(frame);
  }

  private deliver(subscriptionId: string, message: BusMessage): void {
    if (this.state !== 'connected') return;
    const roomId = message.headers[ROOM_ID_HEADER];
    if (roomId !== undefined && this.revokedRooms.size > 0 && this.isRevoked(roomId)) return;
    if (this.ws.bufferedAmount > this.config.maxOutgoingBufferBytes) {
      // The client cannot keep up; it reconnects and fetches what it missed over HTTP.
      this.config.log('slow-consumer', { connectionId: this.session.connectionId });
      this.state = 'closed';
      this.ws.terminate();
      return;
    }
    this.send_(messageFrame(message, subscriptionId));
  }

  private receipt(frame: StompFrame): void {
    const receipt = frame.headers.receipt;
    if (receipt !== undefined) this.send_(encodeFrame('RECEIPT', { 'receipt-id': receipt }));
  }

  /** ERROR frame, then close: STOMP 1.2 requires the server to close after an ERROR. */
  private fail(message: string, code: number, frame?: StompFrame, extra: Record<string, string> = {}): void {
    if (this.state === 'closed') return;
    const headers: Record<string, string> = { ...extra, message, 'content-type': 'text/plain' };
    const receipt = frame?.headers.receipt;
    if (receipt !== undefined) headers['receipt-id'] = receipt;
    this.send_(encodeFrame('ERROR', headers, message));
    this.state = 'closed';
    this.ws.close(code, closeReason(message));
    const force = setTimeout(() => this.ws.terminate(), 2000);
    force.unref();
  }

  private send_(data: Buffer | string): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.socket) batchWritesThisTurn(this.socket);
    // Text frames: every body on this protocol is JSON or plain text, and browsers handle text best.
    this.ws.send(data, { binary: false });
  }

  private cleanUp(): void {
    this.state = 'closed';
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
    for (const { unsubscribe } of this.subscriptions.values()) unsubscribe();
    this.subscriptions.clear();
    this.subscribed.clear();
    this.onClosed(this);
  }
}

/** Largest WebSocket close reason, in UTF-8 bytes (RFC 6455: 125 bytes of payload, 2 of them the code). */
const CLOSE_REASON_BYTES = 123;

/**
 * The message as a close reason: cut at 123 bytes of UTF-8, never inside a character. `ws` throws on a longer
 * one, and a refusal that names what the client sent (a destination) could be longer, which left the socket open.
 */
export function closeReason(message: string): string {
  const bytes = Buffer.from(message, 'utf8');
  if (bytes.length <= CLOSE_REASON_BYTES) return message;
  let end = CLOSE_REASON_BYTES;
  // Back to the first byte of the character that would be cut (UTF-8 continuation bytes are 10xxxxxx).
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

/** Destinations the login socket (/v3/wslogin, no api key) may subscribe to: those the contract puts on it. */
export function isLoginSocketDestination(destination: string): boolean {
  const parsed = parseDestination(destination);
  return parsed !== null && destinations[parsed.name].socket === '/v3/wslogin';
}

/** `cx,cy`: what the client can send, what it wants to receive (ms). Absent = 0,0. */
function parseHeartBeat(value: string | undefined): { clientSendsMs: number; clientWantsMs: number } | null {
  if (value === undefined) return { clientSendsMs: 0, clientWantsMs: 0 };
  const match = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(value);
  if (!match) return null;
  return { clientSendsMs: Number(match[1]), clientWantsMs: Number(match[2]) };
}
