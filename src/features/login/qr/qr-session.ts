// The QR login of seed section 4: show a token and take the next one after its ttl while remainingCount is above
// 0; when the count runs out, the status is 'failed' or the socket fails, show the refresh icon and close the
// subscription; refresh starts again at counter 1; the AUTH_OTP notification ends the subscription and hands the
// one-time code to the login.
import { constants } from '@variant/constants';
import type { AuthOtpGeneratedNotification, QrToken, QrTopicMessage } from '@generated/types/index';
import type { SubscribeQrToken } from './login-socket.ts';

export type QrState =
  | { kind: 'waiting' }
  | { kind: 'showing'; token: string; count: number; remainingCount: number }
  | { kind: 'expired' }
  | { kind: 'scanned' };

export interface QrSessionDeps {
  subscribe: SubscribeQrToken;
  onState(state: QrState): void;
  /** The AUTH_OTP one-time code the phone's scan produced. */
  onOtp(token: string): void;
  /** A fresh random topic token per code (the server accepts [A-Za-z0-9_-]{16,128}). */
  newToken?: () => string;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export function randomQrToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const isOtp = (body: QrTopicMessage): body is AuthOtpGeneratedNotification => 'notifyType' in body && body.notifyType === 'AUTH_OTP_GENERATED';
const isQrToken = (body: QrTopicMessage): body is QrToken => 'status' in body && 'ttl' in body;

export class QrLoginSession {
  private stop: (() => void) | null = null;
  private timer: unknown = null;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly deps: QrSessionDeps) {
    this.setTimer = deps.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  /** The first code, or the refresh icon's click: the counter starts (again) at 1. */
  start(): void {
    this.request(constants.qr.counterStart);
  }

  /** Leaving the page or switching to password login. */
  close(): void {
    this.halt();
  }

  private request(count: number): void {
    this.halt();
    const token = (this.deps.newToken ?? randomQrToken)();
    this.deps.onState({ kind: 'waiting' });
    const stop = this.deps.subscribe(token, count, {
      message: (body) => {
        if (this.stop !== stop) return;
        if (isOtp(body)) {
          this.halt();
          this.deps.onState({ kind: 'scanned' });
          this.deps.onOtp(body.data.token);
          return;
        }
        if (!isQrToken(body)) return;
        if (body.status === 'failed') {
          this.expire();
          return;
        }
        this.deps.onState({ kind: 'showing', token: body.token, count, remainingCount: body.remainingCount });
        if (this.timer !== null) this.clearTimer(this.timer);
        this.timer = this.setTimer(() => {
          this.timer = null;
          if (body.remainingCount > 0) this.request(count + 1);
          else this.expire();
        }, body.ttl * 1000);
      },
      failed: () => {
        if (this.stop === stop) this.expire();
      },
    });
    this.stop = stop;
  }

  private expire(): void {
    this.halt();
    this.deps.onState({ kind: 'expired' });
  }

  private halt(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    const stop = this.stop;
    this.stop = null;
    stop?.();
  }
}
