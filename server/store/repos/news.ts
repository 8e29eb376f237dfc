// The news tables: items, their files and who read them. "Visible" means for the reader's tenant (or
// every tenant) and started (start_date at or before now).
import type { Queryable, Row } from '../db.ts';
import { toDate, toId, toIdOrNull } from './convert.ts';

export interface NewsItem {
  id: number;
  tenantId: number | null;
  title: string;
  content: string;
  bannerRef: number | null;
  seq: number;
  startDate: Date;
  isShowNewsTitleInContent: boolean;
  filesCount: number;
  /** Read by the account the query was made for. */
  isRead: boolean;
}

export interface NewsFileRecord {
  id: number;
  newsId: number;
  blobId: number;
  filename: string;
  contentType: string;
  thumbnailRef: number | null;
  seq: number;
}

export interface NewNews {
  tenantId: number | null;
  title: string;
  content: string;
  bannerRef: number | null;
  seq: number;
  startDate: Date;
  isShowNewsTitleInContent: boolean;
  createdBy: number | null;
  /** when NEWS_UPDATE went out; default: now when the item has started, else null (the scheduler announces it) */
  announcedAt?: Date | null;
}

const toNews = (r: Row): NewsItem => ({
  id: toId(r.id),
  tenantId: toIdOrNull(r.tenant_id),
  title: String(r.title),
  content: String(r.content),
  bannerRef: toIdOrNull(r.banner_ref),
  seq: Number(r.seq),
  startDate: toDate(r.start_date),
  isShowNewsTitleInContent: r.is_show_news_title_in_content === true,
  filesCount: Number(r.files_count ?? 0),
  isRead: r.is_read === true,
});

const toFile = (r: Row): NewsFileRecord => ({
  id: toId(r.id),
  newsId: toId(r.news_id),
  blobId: toId(r.blob_id),
  filename: String(r.filename),
  contentType: String(r.content_type),
  thumbnailRef: toIdOrNull(r.thumbnail_ref),
  seq: Number(r.seq),
});

// $1 reader account, $2 reader tenant, $3 now
const VISIBLE = `SELECT n.*,
    (SELECT count(*) FROM news_files f WHERE f.news_id = n.id) AS files_count,
    EXISTS (SELECT 1 FROM news_reads r WHERE r.news_id = n.id AND r.account_id = $1) AS is_read
  FROM news n
  WHERE (n.tenant_id IS NULL OR n.tenant_id = $2) AND n.start_date <= $3`;

export interface Reader {
  accountId: number;
  tenantId: number;
  now: Date;
}

export function newsStore(q: Queryable) {
  const params = (reader: Reader) => [reader.accountId, reader.tenantId, reader.now];
  return {
    /** By seq, then newest first. */
    async listVisible(reader: Reader): Promise<NewsItem[]> {
      const { rows } = await q.query(`${VISIBLE} ORDER BY n.seq, n.start_date DESC, n.id DESC`, params(reader));
      return rows.map(toNews);
    },

    async findVisible(reader: Reader, newsId: number): Promise<NewsItem | null> {
      const { rows } = await q.query(`${VISIBLE} AND n.id = $4`, [...params(reader), newsId]);
      return rows[0] ? toNews(rows[0]) : null;
    },

    /** Any news item, started or not (the publisher's answer). */
    async findById(newsId: number, accountId: number): Promise<NewsItem | null> {
      const { rows } = await q.query(
        `SELECT n.*, (SELECT count(*) FROM news_files f WHERE f.news_id = n.id) AS files_count,
           EXISTS (SELECT 1 FROM news_reads r WHERE r.news_id = n.id AND r.account_id = $2) AS is_read
         FROM news n WHERE n.id = $1`,
        [newsId, accountId],
      );
      return rows[0] ? toNews(rows[0]) : null;
    },

    async unreadCount(reader: Reader): Promise<number> {
      const { rows } = await q.query<{ n: unknown }>(`SELECT count(*) AS n FROM (${VISIBLE}) AS v WHERE NOT v.is_read`, params(reader));
      return Number(rows[0]?.n ?? 0);
    },

    async files(newsId: number): Promise<NewsFileRecord[]> {
      const { rows } = await q.query('SELECT * FROM news_files WHERE news_id = $1 ORDER BY seq, id', [newsId]);
      return rows.map(toFile);
    },

    /** A file of a news item the reader can see. */
    async findVisibleFile(reader: Reader, fileId: number): Promise<NewsFileRecord | null> {
      const { rows } = await q.query(
        `SELECT f.* FROM news_files f JOIN news n ON n.id = f.news_id
          WHERE f.id = $3 AND (n.tenant_id IS NULL OR n.tenant_id = $1) AND n.start_date <= $2`,
        [reader.tenantId, reader.now, fileId],
      );
      return rows[0] ? toFile(rows[0]) : null;
    },

    /** true when this call made it read (false: it was read already). */
    async markRead(newsId: number, accountId: number, at: Date): Promise<boolean> {
      const { rowCount } = await q.query(
        'INSERT INTO news_reads (news_id, account_id, read_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [newsId, accountId, at],
      );
      return rowCount > 0;
    },

    async insert(input: NewNews): Promise<number> {
      const { rows } = await q.query<{ id: unknown }>(
        `INSERT INTO news (tenant_id, title, content, banner_ref, seq, start_date, is_show_news_title_in_content, created_by, announced_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          input.tenantId,
          input.title,
          input.content,
          input.bannerRef,
          input.seq,
          input.startDate,
          input.isShowNewsTitleInContent,
          input.createdBy,
          input.announcedAt !== undefined ? input.announcedAt : input.startDate.getTime() <= Date.now() ? new Date() : null,
        ],
      );
      return toId(rows[0]?.id);
    },

    /**
     * Marks the items whose start date has come and that were not announced yet, and returns them. One
     * statement: when several processes run it at once, each item goes to exactly one of them.
     */
    async claimDueAnnouncements(now: Date): Promise<{ id: number; tenantId: number | null; createdBy: number | null }[]> {
      const { rows } = await q.query(
        'UPDATE news SET announced_at = $1 WHERE announced_at IS NULL AND start_date <= $1 RETURNING id, tenant_id, created_by',
        [now],
      );
      return rows.map((r) => ({ id: toId(r.id), tenantId: toIdOrNull(r.tenant_id), createdBy: toIdOrNull(r.created_by) }));
    },

    async insertFile(input: Omit<NewsFileRecord, 'id'>): Promise<number> {
      const { rows } = await q.query<{ id: unknown }>(
        `INSERT INTO news_files (news_id, blob_id, filename, content_type, thumbnail_ref, seq) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [input.newsId, input.blobId, input.filename, input.contentType, input.thumbnailRef, input.seq],
      );
      return toId(rows[0]?.id);
    },

    /** Active accounts of a tenant (NEWS_UPDATE recipients); every active account when tenantId is null. */
    async audience(tenantId: number | null): Promise<number[]> {
      const { rows } = await q.query<{ id: unknown }>(
        'SELECT id FROM accounts WHERE NOT disabled AND ($1::bigint IS NULL OR tenant_id = $1) ORDER BY id',
        [tenantId],
      );
      return rows.map((r) => toId(r.id));
    },
  };
}
