/** `chatgen flags --coverage`: per flag, the variants that differ on it and the code that reads it; `--check` fails on any flag read by no code and not decided in docs/variants.md. */
import { out } from '../log.ts';
import { type FlagCoverage, flagCoverage, staleEntries, uncoveredFlags } from '../coverage/flag-coverage.ts';

export interface FlagsOptions {
  root: string;
  coverage?: boolean;
  all?: boolean;
  check?: boolean;
  json?: boolean;
}

function variantsText(f: FlagCoverage): string {
  if (!f.differs) return f.on.length > 0 ? 'on everywhere' : 'off everywhere';
  return f.on.length <= f.off.length ? `on in ${f.on.join(' ')}` : `off in ${f.off.join(' ')}`;
}

function describe(f: FlagCoverage): string[] {
  const lines = [`${f.name}  (${variantsText(f)})`];
  for (const r of f.readers) lines.push(`  read by ${r.file}:${r.line}`);
  if (f.markers.length > 0) lines.push(`  bundle marker in ${f.markers.map((m) => `${m.file}:${m.line}`).join(', ')}`);
  if (f.decided) lines.push(`  decided without behaviour (docs/variants.md): ${f.decided}`);
  if (f.pending) lines.push(`  not built yet (docs/variants.md): ${f.pending}`);
  if (f.readers.length === 0 && !f.decided && !f.pending) lines.push('  READ BY NO CODE');
  return lines;
}

export function runFlags(options: FlagsOptions): number {
  const report = flagCoverage(options.root);
  const shown = options.all ? report : report.filter((f) => f.differs);
  const missing = uncoveredFlags(report);
  const stale = staleEntries(report);
  if (options.json) out(JSON.stringify({ flags: shown, uncovered: missing.map((f) => f.name), stale: stale.map((f) => f.name) }, null, 2));
  else {
    for (const f of shown) out(describe(f).join('\n'));
    const differing = report.filter((f) => f.differs).length;
    const read = report.filter((f) => f.readers.length > 0).length;
    const decided = report.filter((f) => f.readers.length === 0 && f.decided).length;
    const pending = report.filter((f) => f.readers.length === 0 && f.pending).length;
    out(
      `${report.length} flags (${differing} differ between variants): ${read} read by code, ${decided} decided without behaviour, ` +
        `${pending} waiting for their feature, ${missing.length} unaccounted for`,
    );
  }
  if (!options.check) return 0;
  let code = 0;
  if (missing.length > 0) {
    process.stderr.write(`chatgen: ${missing.length} flag(s) read by no code and not in docs/variants.md: ${missing.map((f) => f.name).join(', ')}\n`);
    code = 1;
  }
  if (stale.length > 0) {
    process.stderr.write(`chatgen: docs/variants.md lists flag(s) that are read by code now: ${stale.map((f) => f.name).join(', ')}\n`);
    code = 1;
  }
  return code;
}
