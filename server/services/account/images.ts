// Profile pictures: read as each viewer may see them (viewProfile), saved (full size and thumbnail, one transaction)
// and removed, each change told to the account's audience.
import type { ProfileImageEntry, SaveAccountProfileImageResponse } from '../../../generated/types/index.ts';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import { saveBlob } from '../../store/blobs.ts';
import { repos } from '../../store/repos/index.ts';
import type { Account } from '../../store/repos/accounts.ts';
import { processProfileImage } from '../identity/profile-image.ts';
import { audienceOf, visibleTo } from './privacy.ts';

async function imageEntry(ctx: ServerContext, owner: Account, viewerId: number, isFull: boolean): Promise<ProfileImageEntry> {
  const visible = await visibleTo(ctx, owner, viewerId, owner.privacy.viewProfile);
  const entry: ProfileImageEntry = { accountId: String(owner.id), visible: visible && owner.profileImgVisible };
  if (!entry.visible || owner.profileImgTnRef === null) return entry;
  const read = async (ref: number | null) => {
    const blob = ref === null ? null : await ctx.repos.blobs.findById(ref);
    return blob ? (await ctx.blobs.read(blob.path)).toString('base64') : undefined;
  };
  const img_tn = await read(owner.profileImgTnRef);
  if (img_tn) entry.img_tn = img_tn;
  if (isFull) {
    const img = await read(owner.profileImgRef);
    if (img) entry.img = img;
  }
  return entry;
}

export async function profileImages(ctx: ServerContext, viewerId: number, accountIds: readonly number[], isFull: boolean): Promise<ProfileImageEntry[]> {
  const entries: ProfileImageEntry[] = [];
  for (const account of await ctx.repos.accounts.listByIds(accountIds)) entries.push(await imageEntry(ctx, account, viewerId, isFull));
  return entries;
}

async function imageChanged(ctx: ServerContext, accountId: number, visible: boolean): Promise<void> {
  await ctx.notifier.toAccounts(await audienceOf(ctx, accountId), {
    notifyType: 'ACCOUNT_PROFILE_IMAGE_UPDATE',
    senderId: String(accountId),
    dataId: String(accountId),
    data: { accountId: String(accountId), visible },
  });
}

export async function saveProfileImage(ctx: ServerContext, accountId: number, input: Buffer | null): Promise<Omit<SaveAccountProfileImageResponse, 'status'>> {
  if (!input || input.length === 0) throw new ApiError('VALIDATE_INFORMATION', 'a file part or imgData is required');
  if (input.length > ctx.config.attachSizeBytes) throw new ApiError('TOO_LARGE');
  const image = await processProfileImage(input);
  const maxBytes = ctx.config.attachSizeBytes;
  const account = await ctx.db.transaction(async (tx) => {
    const full = await saveBlob(ctx.blobs, tx, image.full, { contentType: image.contentType, maxBytes });
    const thumbnail = await saveBlob(ctx.blobs, tx, image.thumbnail, { contentType: image.contentType, maxBytes });
    return repos(tx).accounts.setProfileImage(accountId, { ref: full.id, tnRef: thumbnail.id, visible: true });
  });
  if (!account) throw new ApiError('SESSION_EXPIRED');
  await imageChanged(ctx, accountId, true);
  return { accountId: String(accountId), img: image.full.toString('base64'), img_tn: image.thumbnail.toString('base64'), visible: true };
}

export async function removeProfileImage(ctx: ServerContext, accountId: number): Promise<void> {
  await ctx.repos.accounts.setProfileImage(accountId, null);
  await imageChanged(ctx, accountId, false);
}
