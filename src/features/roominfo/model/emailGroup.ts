// Email group (seed 'Other screens: email group'; 'An exact email group name must be entered'): a message about the
// room to one e-mail group, whose address is its exact name at the client config's emailGroupMessageDomain. The
// name is typed, never searched or guessed, so it must be a whole mailbox name: no spaces, no other domain.
import { MAX_MAILTO } from './emailRoomInfo.ts';

/** A group mailbox name: letters, digits, '_', '+' and '-', in dot-separated parts (what group mail systems allow). */
const GROUP_NAME = /^[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*$/;
const MAX_NAME = 64;

/** The group's address, or null when the text is not an exact group name of the domain. */
export function groupAddress(typed: string, domain: string): string | null {
  const text = typed.trim();
  const at = text.lastIndexOf('@');
  // The full address is accepted when it is in the groups' own domain.
  const name = at === -1 ? text : text.slice(at + 1).toLowerCase() === domain.toLowerCase() ? text.slice(0, at) : '';
  if (name.length === 0 || name.length > MAX_NAME || !GROUP_NAME.test(name)) return null;
  return `${name}@${domain}`;
}

/** A mailto: address to the group with the subject and text; the text is cut so mail programs accept it. */
export function groupMailHref(address: string, subject: string, text: string): string {
  const head = `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}&body=`;
  let body = text;
  while (body.length > 0 && head.length + encodeURIComponent(body).length > MAX_MAILTO) body = body.slice(0, Math.floor(body.length * 0.9));
  return head + encodeURIComponent(body);
}
