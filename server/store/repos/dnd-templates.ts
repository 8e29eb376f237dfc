// Do-not-disturb presets: a duration in minutes with its label in the three languages.
import type { Queryable } from '../db.ts';

export type DndTemplateOption = {
  /** minutes */
  value: number;
  label: { en_US: string; zh_CN: string; zh_TW: string };
};

export async function dndTemplates(q: Queryable): Promise<DndTemplateOption[]> {
  const { rows } = await q.query<{ minutes: number; en_us: string; zh_cn: string; zh_tw: string }>(
    'SELECT minutes, en_us, zh_cn, zh_tw FROM dnd_templates ORDER BY seq, minutes',
  );
  return rows.map((r) => ({ value: Number(r.minutes), label: { en_US: r.en_us, zh_CN: r.zh_cn, zh_TW: r.zh_tw } }));
}
