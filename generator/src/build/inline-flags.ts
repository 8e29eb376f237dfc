/**
 * Vite plugin: turns `import { IS_ALLOW_X } from '@variant/flags'` into `const IS_ALLOW_X = false;` in each module.
 * Rolldown folds a constant imported from another module inside `if`, but by then it has already split the
 * dynamically imported feature into its own chunk and still emits that chunk; a module-local constant is
 * folded before chunking, so a switched-off feature leaves no file behind.
 */
import type { Plugin } from 'vite';

const FLAG_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])@variant\/flags(?:\.ts)?\2\s*;?/g;

/** `onRead` hears each flag name the module reads (the names the manifest lists as read by the bundle). */
export function rewriteFlagImports(code: string, flags: Readonly<Record<string, boolean>>, onRead?: (name: string) => void): string {
  return code.replace(FLAG_IMPORT, (statement, list: string, quote: string) => {
    const consts: string[] = [];
    const kept: string[] = [];
    for (const raw of list.split(',').map((s) => s.trim()).filter(Boolean)) {
      const match = raw.match(/^(type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/);
      if (!match) return statement; // unusual syntax: leave the statement to the bundler
      const [, typeOnly, imported, local] = match;
      if (!typeOnly && imported! in flags) {
        consts.push(`${local ?? imported} = ${flags[imported!]}`);
        onRead?.(imported!);
      }
      else kept.push(raw);
    }
    const parts: string[] = [];
    if (kept.length > 0) parts.push(`import { ${kept.join(', ')} } from ${quote}@variant/flags${quote};`);
    if (consts.length > 0) parts.push(`const ${consts.join(', ')};`);
    return parts.join(' ');
  });
}

/** `reads` collects the names of the flags the bundled modules import. */
export function inlineFlagsPlugin(flags: Readonly<Record<string, boolean>>, reads?: Set<string>): Plugin {
  return {
    name: 'chatgen:inline-flags',
    enforce: 'pre',
    apply: 'build',
    transform: {
      // Checked by the bundler itself: the other modules are not handed to JavaScript at all.
      filter: { code: '@variant/flags' },
      handler(code) {
        const out = rewriteFlagImports(code, flags, (name) => reads?.add(name));
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}
