// Email-room info: the room's info as an e-mail the user's own mail program opens (a mailto: address), to the
// members that have an e-mail address, with the room's name as the subject and its info and members as the text.
// Mail programs refuse very long mailto: addresses, so the member lines stop before MAX_MAILTO characters.

export interface MailMember {
  name: string;
  email?: string | undefined;
}

export interface RoomMail {
  roomName: string;
  /** 'Created …' and 'N members' lines, already in the UI's language. */
  facts: string[];
  members: MailMember[];
  /** '… and {{count}} more' in the UI's language. */
  andMore: (count: number) => string;
}

export const MAX_MAILTO = 1900;

const plausible = (email: string | undefined): email is string => email !== undefined && /^[^\s@,;<>"]+@[^\s@,;<>"]+$/.test(email);

/** The members' addresses, each once (ignoring case), in the members' order. */
export function memberAddresses(members: readonly MailMember[]): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  for (const member of members) {
    if (!plausible(member.email) || seen.has(member.email.toLowerCase())) continue;
    seen.add(member.email.toLowerCase());
    found.push(member.email);
  }
  return found;
}

const memberLine = (member: MailMember) => (plausible(member.email) ? `${member.name} <${member.email}>` : member.name);

function href(to: readonly string[], subject: string, body: string): string {
  return `mailto:${to.map(encodeURIComponent).join(',')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export function roomMailHref(mail: RoomMail): string {
  const to = memberAddresses(mail.members);
  const head = [mail.roomName, ...mail.facts, ''];
  const lines = mail.members.map(memberLine);
  // Whole member lines only: the longest list that keeps the address short enough, with how many were left out.
  for (let kept = lines.length; kept >= 0; kept -= 1) {
    const rest = lines.length - kept;
    const body = [...head, ...lines.slice(0, kept), ...(rest > 0 ? [mail.andMore(rest)] : [])].join('\r\n');
    const address = href(kept === lines.length ? to : to.slice(0, kept), mail.roomName, body);
    if (address.length <= MAX_MAILTO || kept === 0) return address;
  }
  return href([], mail.roomName, head.join('\r\n'));
}
