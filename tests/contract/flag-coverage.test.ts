// Every flag, whether or not its value differs between the variants, changes behaviour: some code in src/ or server/
// reads it, or docs/variants.md says why it has none (or which feature it waits for). `chatgen flags` prints the report.
import { describe, expect, it } from 'vitest';
import { flagCoverage, staleEntries, uncoveredFlags } from '../../generator/src/coverage/flag-coverage.ts';
import { REPO } from '../../generator/test/helpers.ts';

describe('flag coverage of the real tree', () => {
  const report = flagCoverage(REPO);

  it('has no flag that no code reads and docs/variants.md does not account for', () => {
    expect(report.length).toBeGreaterThan(140);
    expect(report.filter((f) => f.differs).length).toBeGreaterThan(30);
    expect(uncoveredFlags(report).map((f) => f.name)).toEqual([]);
  });

  it('has no docs/variants.md entry for a flag that code reads now', () => {
    expect(staleEntries(report).map((f) => f.name)).toEqual([]);
  });
});
