/** `chatgen build [ID...] [--all] [--out dist] [--base /]` */
import { build } from '../build/index.ts';
import { formatBytes } from '../build/sizes.ts';
import { UsageError } from '../errors.ts';
import { formatTable } from './list.ts';

/** An absolute URL path ending in '/': '/', '/webchat/', '/a/b/'. */
const BASE_PATH = /^\/(?:[A-Za-z0-9._~-]+\/)*$/;

export async function runBuild(ids: string[], options: { root: string; all?: boolean; out: string; base?: string }): Promise<number> {
  if (ids.length === 0 && !options.all) throw new UsageError('give variant ids or --all');
  if (ids.length > 0 && options.all) throw new UsageError('give variant ids or --all, not both');
  const base = options.base ?? '/';
  if (!BASE_PATH.test(base)) throw new UsageError(`--base must be a URL path that starts and ends with '/' (like /webchat/), not '${base}'`);
  const report = await build({
    root: options.root,
    ids,
    all: options.all,
    out: options.out,
    base,
    onProgress: ({ id, phase, message }) => {
      if (phase === 'start') process.stderr.write(`building ${id} ...\n`);
      if (phase === 'failed') process.stderr.write(`${id}: build failed: ${message}\n`);
    },
  });
  const rows = report.results.map((r) => [
    r.id,
    r.ok ? formatBytes(r.rawBytes) : 'FAILED',
    r.ok ? formatBytes(r.gzipBytes) : '-',
    `${(r.ms / 1000).toFixed(2)} s`,
    `${r.flagsOn}/${r.flagsOff}`,
  ]);
  process.stdout.write(`${formatTable(['VARIANT', 'RAW', 'GZIP', 'TIME', 'FLAGS ON/OFF'], rows)}\n`);
  const failed = report.results.filter((r) => !r.ok).length;
  process.stdout.write(
    `${report.results.length - failed} built, ${failed} failed in ${(report.totalMs / 1000).toFixed(1)} s (generate included)\n`,
  );
  return report.ok ? 0 : 1;
}
