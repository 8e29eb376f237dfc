// The server's mail transport: SMTP through nodemailer, configured by SMTP_URL and MAIL_FROM (docs/server.md
// "Mail"). One transport per configuration; nodemailer opens a connection per mail, so nothing stays open.
import { createTransport, type NodemailerError } from 'nodemailer';
import type { MailConfig } from '../../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailTransport {
  /** Resolves when the mail server accepted the mail; rejects with a MailFault otherwise. */
  send(mail: OutgoingMail): Promise<void>;
}

/** Why a mail did not go: `permanent` when sending it again would get the same answer (an SMTP 5xx). */
export class MailFault extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** The mail server answered (with a refusal), as opposed to not being reached at all. */
    readonly answered: boolean,
  ) {
    super(message);
  }
}

/** Short enough that a stuck mail server does not hold a job's lease for minutes (nodemailer waits 10). */
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export function smtpTransport(config: MailConfig): MailTransport {
  const transport = createTransport({ url: config.smtpUrl, ...TIMEOUTS }, { from: config.from });
  return {
    async send(mail) {
      try {
        await transport.sendMail(mail);
      } catch (error) {
        const fault = error as NodemailerError;
        // Only the reply code and nodemailer's code: the server's reply text may quote the address.
        const summary = [fault.code, fault.responseCode].filter((part) => part !== undefined).join(' ') || 'mail not sent';
        throw new MailFault(summary, fault.permanent === true, fault.responseCode !== undefined);
      }
    },
  };
}

const transports = new WeakMap<MailConfig, MailTransport>();

/** The transport of a configuration, made once. */
export function mailTransportOf(config: MailConfig): MailTransport {
  let transport = transports.get(config);
  if (!transport) {
    transport = smtpTransport(config);
    transports.set(config, transport);
  }
  return transport;
}
