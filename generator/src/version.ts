/** chatgen's version: the package.json of the repository the generator belongs to. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from './paths.ts';

export const CHATGEN_VERSION: string = (JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
