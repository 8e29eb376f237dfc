// Whether a person matches a name search on the client (the chats tab, the loaded rooms, the @mention picker), by
// every name the user may know them by: directory name, display and search names, login name and the user's own
// synonym for them (which the server sends only to the user who set it). The server's searches match the same names.
import type { Account } from '@generated/types/index';

type Named = Pick<Account, 'userFullname' | 'customDisplayName' | 'searchName' | 'loginName' | 'synonym'>;

export function personMatches(account: Named, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  const names = [account.userFullname, account.customDisplayName, account.searchName, account.loginName, account.synonym];
  return names.some((name) => name?.toLocaleLowerCase().includes(needle) ?? false);
}
