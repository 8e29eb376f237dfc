/** Resolves `$ref` strings against the `$id` of the file they appear in. */
import type { Project, SchemaFile } from './project.ts';

export interface ResolvedRef {
  schema: SchemaFile;
  /** JSON pointer inside the target file, without `#` (`/definitions/Message`; `` for the root). */
  pointer: string;
}

export function resolveRef(project: Project, from: SchemaFile, ref: string): ResolvedRef | undefined {
  let url: URL;
  try {
    url = new URL(ref, from.id);
  } catch {
    return undefined;
  }
  const fileId = `${url.origin}${url.pathname}`;
  const target = [...project.schemas.values()].find((s) => s.id === fileId);
  if (!target) return undefined;
  const pointer = decodeURIComponent(url.hash.replace(/^#/, ''));
  return { schema: target, pointer };
}

/** The value at a JSON pointer, or undefined. */
export function atPointer(root: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return root;
  let current: unknown = root;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
