// message_translations: one translation per message, member and language; a new save replaces it.
import type { Queryable } from '../db.ts';

export interface TranslationRow {
  messageId: number;
  accountId: number;
  langId: string;
  value: string;
  checksum: string;
}

export async function saveTranslationRow(q: Queryable, row: TranslationRow): Promise<void> {
  await q.query(
    `INSERT INTO message_translations (message_id, account_id, lang_id, value, checksum) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (message_id, account_id, lang_id) DO UPDATE SET value = EXCLUDED.value, checksum = EXCLUDED.checksum, saved_at = now()`,
    [row.messageId, row.accountId, row.langId, row.value, row.checksum],
  );
}

export async function findTranslation(q: Queryable, messageId: number, accountId: number, langId: string): Promise<TranslationRow | null> {
  const { rows } = await q.query<{ value: string; checksum: string }>(
    'SELECT value, checksum FROM message_translations WHERE message_id = $1 AND account_id = $2 AND lang_id = $3',
    [messageId, accountId, langId],
  );
  const r = rows[0];
  return r ? { messageId, accountId, langId, value: String(r.value), checksum: String(r.checksum) } : null;
}
