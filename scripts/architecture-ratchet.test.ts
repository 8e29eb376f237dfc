// The structural debts scripts/architecture-report.ts counts may shrink, never grow. Feature -> feature imports are
// at 0 and the ESLint import-flow rule refuses any new one; hand-written query keys are an ESLint warning
// (contract/no-query-key-literal) until they reach 0. Lower a ceiling when a change removes some.
import { describe, expect, it } from 'vitest';
import { clientSources, featureImports, handWrittenQueryKeys } from './architecture-report.ts';

const CEILING = { featureImports: 0, handWrittenQueryKeys: 13 };

describe('the client shape does not get worse', () => {
  const files = clientSources();

  it(`feature -> feature imports stay at most ${CEILING.featureImports}`, () => {
    expect(featureImports(files).length).toBeLessThanOrEqual(CEILING.featureImports);
  });

  it(`hand-written query keys stay at most ${CEILING.handWrittenQueryKeys}`, () => {
    expect(handWrittenQueryKeys(files).length).toBeLessThanOrEqual(CEILING.handWrittenQueryKeys);
  });
});
