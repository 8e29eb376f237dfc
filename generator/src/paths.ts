/** The repository this generator belongs to: the default `--root`. */
import { fileURLToPath } from 'node:url';

export const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
