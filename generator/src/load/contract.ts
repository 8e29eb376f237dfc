/** Everything derived from schema/ that validation and emission share, read once per run. */
import type { Ajv } from 'ajv';
import { createAjv, compileAll } from '../validate/ajv.ts';
import { flagRequirementProblems } from '../validate/rules.ts';
import { cachedSchemaCheck } from '../validate/schema-check-cache.ts';
import type { Problem } from '../problems.ts';
import { type Defaults, readDefaults } from './defaults.ts';
import { type DefinitionIndex, indexDefinitions } from './definitions.ts';
import { type EndpointSpec, readEndpoints } from './endpoints.ts';
import { type ErrorCatalogue, readErrorCatalogue } from './error-catalogue.ts';
import type { Project } from './project.ts';
import { type RealtimeSpec, readRealtime } from './realtime.ts';

export interface Contract {
  index: DefinitionIndex;
  endpoints: EndpointSpec[];
  defaults: Defaults;
  realtime: RealtimeSpec;
  errors: ErrorCatalogue;
  ajv: Ajv;
  /** Problems of schema/ itself (not of any variant). */
  problems: Problem[];
}

const REQUIRED_FILES = [
  'flags.json',
  'theme.schema.json',
  'constants.schema.json',
  'wording.schema.json',
  'variant.schema.json',
  'realtime.json',
  'errors.json',
];

export function readContract(project: Project): Contract {
  const problems: Problem[] = project.loadProblems.filter((p) => p.file.startsWith('schema/'));
  for (const rel of REQUIRED_FILES) {
    if (!project.schemas.has(rel) && !problems.some((p) => p.file === `schema/${rel}`)) {
      problems.push({ severity: 'error', file: `schema/${rel}`, path: '', message: 'file is missing' });
    }
  }
  const index = indexDefinitions(project);
  const { endpoints, problems: endpointProblems } = readEndpoints(project, index);
  const defaults = readDefaults(project);
  const realtime = readRealtime(project);
  const errors = readErrorCatalogue(project);
  const { ajv, problems: ajvProblems } = createAjv(project);
  const compileProblems = ajvProblems.length === 0 ? cachedSchemaCheck(project, () => compileAll(project, ajv)) : [];
  problems.push(
    ...index.problems,
    ...endpointProblems,
    ...defaults.problems.filter((p) => !problems.some((q) => q.file === p.file && q.message === p.message)),
    ...flagRequirementProblems(project, defaults),
    ...realtime.problems,
    ...errors.problems,
    ...ajvProblems,
    ...compileProblems,
  );
  return { index, endpoints, defaults, realtime, errors, ajv, problems };
}
