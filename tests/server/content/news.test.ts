// News over the wire: ADMIN publishing (multipart with file parts, NEWS_UPDATE to the tenant), the list
// with isRead, the detail that marks read (NEWS_READ), the unread count, file download, refusals.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceDueNews } from '../../../server/services/content/news.ts';
import { newsStore } from '../../../server/store/repos/news.ts';
import { errorCode } from '../../support/node-transport.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';
import { listen, ok, person, sleep, type Listener, type Person } from '../directory/helpers.ts';

let server: TestServer;
let admin: Person;
let bob: Person;
let outsider: Person;
let bobQueue: Listener;
let outsiderQueue: Listener;

const png = (colour: string, width = 640, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
const pdf = Buffer.from('%PDF-1.4\n% a ward notice\n%%EOF\n', 'latin1');

beforeAll(async () => {
  server = await startTestServer();
  const { repos } = server.app.ctx;
  const home = (await repos.tenants.list())[0]?.id ?? (await repos.tenants.create({ fullname: 'Test Department', shortName: 'TD' })).id;
  const other = (await repos.tenants.create({ fullname: 'Other Clinic', shortName: 'OC' })).id;
  admin = await person(server, 'newsdesk', { roles: ['IM_USER', 'ADMIN'], tenantId: home });
  bob = await person(server, 'bob', { tenantId: home });
  outsider = await person(server, 'oscar', { tenantId: other });
  bobQueue = await listen(server, bob, 'queue');
  outsiderQueue = await listen(server, outsider, 'queue');
});

afterAll(async () => {
  await bobQueue.close();
  await outsiderQueue.close();
  await server.close();
});

describe('news', () => {
  let newsId = '';
  let banner: Buffer;
  let map: Buffer;

  it('refuses publishing by an account without the ADMIN role', async () => {
    const result = await bob.api.publishNews({ title: 'Not mine to say', content: '<p>...</p>' });
    expect(errorCode(result)).toBe('UI_IM_E1003');
    expect(ok(await bob.api.getNews({})).newsList).toEqual([]);
  });

  it('publishes with a banner and file parts, and tells the tenant with NEWS_UPDATE', async () => {
    banner = await png('#2f80c9');
    map = await png('#3aa76d', 800, 600);
    const published = ok(
      await admin.api.publishNews(
        { title: 'New visiting hours', content: '<p>12:00 to 20:00</p>', banner: banner.toString('base64'), seq: 1 },
        { files: [new File([new Uint8Array(map)], 'ward-map.png', { type: 'image/png' }), new File([new Uint8Array(pdf)], 'notice.pdf', { type: 'application/pdf' })] },
      ),
    );
    newsId = published.newsId;
    expect(published).toMatchObject({ title: 'New visiting hours', content: '<p>12:00 to 20:00</p>', seq: 1, isRead: false });
    expect(published.newsFiles?.map((f) => f.filename)).toEqual(['ward-map.png', 'notice.pdf']);

    const notice = await bobQueue.next((n) => n.notifyType === 'NEWS_UPDATE');
    expect(notice).toMatchObject({ senderId: admin.accountId, dataId: newsId, data: { newsId, title: 'New visiting hours', isRead: false, newsFilesCount: 2 } });
    await sleep(200);
    expect(outsiderQueue.messages.filter((n) => n.notifyType === 'NEWS_UPDATE')).toEqual([]);
  });

  it('lists the news unread for a reader of the tenant, with its banner; not for another tenant', async () => {
    const { newsList } = ok(await bob.api.getNews({}));
    expect(newsList).toHaveLength(1);
    expect(newsList[0]).toMatchObject({ newsId, title: 'New visiting hours', seq: 1, newsFilesCount: 2, isRead: false });
    expect(Buffer.from(newsList[0]?.banner ?? '', 'base64').equals(banner)).toBe(true);
    expect(newsList[0]?.startDate).toBeLessThanOrEqual(Date.now());
    expect(ok(await bob.api.getUnreadNewsCount({})).unreadNewsCount).toBe(1);
    expect(ok(await outsider.api.getNews({})).newsList).toEqual([]);
    expect(errorCode(await outsider.api.getNewsDetail({ newsId }))).toBe('UI_IM_E1004');
  });

  it('marks the item read on opening it, announces NEWS_READ, and the unread count drops', async () => {
    const detail = ok(await bob.api.getNewsDetail({ newsId }));
    expect(detail).toMatchObject({ newsId, content: '<p>12:00 to 20:00</p>', isRead: true, isShowNewsTitleInContent: true });
    const [mapFile, pdfFile] = detail.newsFiles ?? [];
    // The picture got a thumbnail inside 300 x 500; the PDF did not.
    const thumb = await sharp(Buffer.from(mapFile?.fileThumbnail ?? '', 'base64')).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['png', 300, 225]);
    expect(pdfFile?.fileThumbnail).toBeUndefined();

    const read = await bobQueue.next((n) => n.notifyType === 'NEWS_READ');
    expect(read).toMatchObject({ dataId: newsId, data: { newsId, unreadNewsCount: 0 } });
    expect(ok(await bob.api.getUnreadNewsCount({})).unreadNewsCount).toBe(0);
    expect(ok(await bob.api.getNews({})).newsList[0]?.isRead).toBe(true);
    // Reading is per person.
    expect(ok(await admin.api.getUnreadNewsCount({})).unreadNewsCount).toBe(1);
  });

  it('downloads an attached file as it was uploaded', async () => {
    const detail = ok(await bob.api.getNewsDetail({ newsId }));
    const file = detail.newsFiles?.find((f) => f.filename === 'notice.pdf');
    const download = ok(await bob.api.downloadNewsFile({ newsFileId: file?.newsFileId ?? '' }));
    expect(download.filename).toBe('notice.pdf');
    expect(Buffer.from(await download.blob.arrayBuffer()).equals(pdf)).toBe(true);
    expect(errorCode(await outsider.api.downloadNewsFile({ newsFileId: file?.newsFileId ?? '' }))).toBe('UI_IM_E1004');
  });

  it('keeps news that has not started out of the list and out of the unread count', async () => {
    const later = ok(await admin.api.publishNews({ title: 'Next year', content: '<p>soon</p>', startDate: Date.now() + 86_400_000 }));
    expect(ok(await bob.api.getNews({})).newsList.map((n) => n.newsId)).toEqual([newsId]);
    expect(ok(await bob.api.getUnreadNewsCount({})).unreadNewsCount).toBe(0);
    expect(errorCode(await bob.api.getNewsDetail({ newsId: later.newsId }))).toBe('UI_IM_E1004');
  });

  it('announces a future-dated item with NEWS_UPDATE when its start date arrives, not before', async () => {
    const startDate = Date.now() + 1500;
    const soon = ok(await admin.api.publishNews({ title: 'Starts shortly', content: '<p>now</p>', startDate }));
    const notice = await bobQueue.next((n) => n.notifyType === 'NEWS_UPDATE' && n.dataId === soon.newsId, 15_000);
    expect(Date.now()).toBeGreaterThanOrEqual(startDate);
    expect(notice).toMatchObject({ senderId: admin.accountId, data: { newsId: soon.newsId, title: 'Starts shortly' } });
    expect(outsiderQueue.messages.filter((n) => n.notifyType === 'NEWS_UPDATE')).toEqual([]);
  });

  it('announces a due item once when several processes run the scheduler at the same moment', async () => {
    const ctx = server.app.ctx;
    const tenantId = (await ctx.repos.accounts.findById(Number(admin.accountId)))?.tenantId ?? null;
    const dueId = await newsStore(ctx.db).insert({
      tenantId,
      title: 'Due while nobody looked',
      content: '<p>x</p>',
      bannerRef: null,
      seq: 0,
      startDate: new Date(Date.now() - 1000),
      isShowNewsTitleInContent: true,
      createdBy: Number(admin.accountId),
      announcedAt: null,
    });
    // Three schedulers at once (on PostgreSQL each on its own connection), besides the server's own.
    const claimed = await Promise.all([announceDueNews(ctx), announceDueNews(ctx), announceDueNews(ctx)]);
    expect(claimed.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    await bobQueue.next((n) => n.notifyType === 'NEWS_UPDATE' && n.dataId === String(dueId), 15_000);
    // A marker published after: once it arrives, any second announcement would have arrived before it.
    const marker = ok(await admin.api.publishNews({ title: 'Marker', content: '<p>m</p>' }));
    await bobQueue.next((n) => n.notifyType === 'NEWS_UPDATE' && n.dataId === marker.newsId);
    expect(bobQueue.messages.filter((n) => n.notifyType === 'NEWS_UPDATE' && n.dataId === String(dueId))).toHaveLength(1);
  });

  it('refuses a banner that is not an image', async () => {
    const result = await admin.api.publishNews({ title: 'Bad banner', content: '<p>x</p>', banner: Buffer.from('not a picture').toString('base64') });
    expect(errorCode(result)).toBe('UI_IM_E4009');
  });
});
