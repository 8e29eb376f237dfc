// Wire helpers shared by the directory and content calls: string ids, the caller, epoch milliseconds.


/** The name other people see: the custom display name when set, else the directory name. */
export const displayNameOf = (account: { customDisplayName: string | null; userFullname: string }): string =>
  account.customDisplayName ?? account.userFullname;
