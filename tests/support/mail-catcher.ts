// A real SMTP server in the test process (smtp-server) on a free port of 127.0.0.1: it keeps every mail it
// accepts, and can be told to refuse the next ones with an SMTP code (4xx passing, 5xx final).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  mails: CaughtMail[];
  /** The next `count` recipients are refused with `code`. */
  refuseNext(count: number, code: number): void;
  /** Resolves with the first mail (already caught or still to come) that `match` accepts. */
  next(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const waiting = new Set<() => void>();
  let refusals: { count: number; code: number } = { count: 0, code: 0 };
  const server = new SMTPServer({
    authOptional: true,
    // No STARTTLS: the client would upgrade to the server's self-signed certificate and refuse it.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals.count <= 0) return callback();
      refusals = { count: refusals.count - 1, code: refusals.code };
      callback(Object.assign(new Error(refusals.code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: refusals.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address;
        mails.push({ from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        for (const wake of [...waiting]) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuseNext(count, code) {
      refusals = { count, code };
    },
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = mails.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiting.delete(look);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiting.delete(look);
          reject(new Error(`no such mail within ${timeoutMs} ms (${mails.length} caught)`));
        }, timeoutMs);
        waiting.add(look);
        look();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a caught mail (its first line only: the tests' subjects are short and plain). */
export function mailHeader(mail: CaughtMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return new RegExp(`^${name}: *(.*)$`, 'im').exec(head)?.[1]?.trim();
}

/** The decoded bytes of the attachment named `filename` (base64, as nodemailer sends binary parts). */
export function mailAttachment(mail: CaughtMail, filename: string): Buffer | undefined {
  for (const part of mail.raw.split(/\r?\n--[^\r\n]+/)) {
    const [head = '', ...body] = part.split(/\r?\n\r?\n/);
    if (!head.includes(`filename=${filename}`) && !head.includes(`filename="${filename}"`)) continue;
    return Buffer.from(body.join('').replace(/\s+/g, ''), 'base64');
  }
  return undefined;
}

/** The plain-text body (nodemailer sends it as is, quoted-printable, or base64 when mostly not ASCII). */
export function mailText(mail: CaughtMail): string {
  const part = mail.raw.split(/\r?\n--[^\r\n]+/).find((candidate) => /content-type: text\/plain/i.test(candidate)) ?? '';
  const [head = '', ...body] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
  const text = body.join('\n\n');
  if (/transfer-encoding: base64/i.test(head)) return Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (!/quoted-printable/i.test(head)) return text;
  return Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}
