// How a file's size is shown (attachments, the data and storage settings): a number in the nearest unit.
/** Human size in the nearest unit; the unit word goes through i18n as size.<unit>. */
export function sizeParts(bytes: number): { unit: 'bytes' | 'kb' | 'mb' | 'gb'; value: string } {
  if (bytes < 1024) return { unit: 'bytes', value: String(bytes) };
  if (bytes < 1024 ** 2) return { unit: 'kb', value: (bytes / 1024).toFixed(1) };
  if (bytes < 1024 ** 3) return { unit: 'mb', value: (bytes / 1024 ** 2).toFixed(1) };
  return { unit: 'gb', value: (bytes / 1024 ** 3).toFixed(1) };
}
