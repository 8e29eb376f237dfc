/**
 * The flag-coverage report: for every flag of schema/flags.json, the variants that switch it on and off, the
 * code in src/ and server/ that reads it (found with ts-morph, test files excluded), its bundle marker, and
 * the decision recorded in docs/variants.md for a flag the seed gives no behaviour. Every flag, whether or not its
 * value differs between variants, must be read by code or decided there (`chatgen flags --coverage --check`, CI).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Node, Project as TsProject, SyntaxKind, type SourceFile } from 'ts-morph';
import { readDefaults } from '../load/defaults.ts';
import { loadProject } from '../load/project.ts';
import { resolveVariant } from '../resolve/variant.ts';
import { isObject } from '../util/json.ts';

export interface FlagRead {
  /** Repository-relative path, `/`-separated. */
  file: string;
  line: number;
}

export interface FlagCoverage {
  name: string;
  /** Variant ids with the flag on / off. */
  on: string[];
  off: string[];
  /** The value differs between variants. */
  differs: boolean;
  readers: FlagRead[];
  /**
   * `data-flag="<name>"` attributes: the marker the bundle check looks for (in the bundles of the variants that
   * switch the flag on, absent elsewhere).
   */
  markers: FlagRead[];
  /** The reason docs/variants.md records for leaving the flag without behaviour. */
  decided?: string;
  /** What docs/variants.md says is not built yet for the flag to act on. */
  pending?: string;
}

/** Where the code that can read a flag lives; tests read flags too, but that is no behaviour. */
const CODE_DIRS = ['src', 'server'];
const TEST_FILE = /\.(test|spec|e2e)\.tsx?$/;
/** The headings in docs/variants.md whose tables list flags decided to have no behaviour, and flags whose feature is not built yet. */
export const DECIDED_HEADING = '## Flags without behaviour';
export const PENDING_HEADING = '## Flags whose feature is not built yet';
/** The JSX attribute that marks the element a flag adds, so the bundle check can find it. */
export const MARKER_ATTRIBUTE = 'data-flag';
const FLAG_MODULE = /^@variant\/flags(\.ts)?$|generated\/flags\//;

/** `| \`FLAG\` | reason |` rows under `heading`, up to the next heading. */
export function readFlagTable(markdown: string, heading: string): Map<string, string> {
  const decided = new Map<string, string>();
  const text = `\n${markdown}`;
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) return decided;
  const rest = text.slice(start + heading.length + 2);
  const end = rest.search(/^#{1,2} /m);
  for (const line of (end < 0 ? rest : rest.slice(0, end)).split('\n')) {
    const row = line.match(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|\s*(.*?)\s*\|\s*$/);
    if (row && row[2]) decided.set(row[1]!, row[2]);
  }
  return decided;
}

function codeFiles(root: string): TsProject {
  const project = new TsProject({ skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true, compilerOptions: { allowJs: false, jsx: 4 } });
  for (const dir of CODE_DIRS) {
    if (existsSync(join(root, dir))) project.addSourceFilesAtPaths([`${join(root, dir)}/**/*.ts`, `${join(root, dir)}/**/*.tsx`]);
  }
  for (const file of project.getSourceFiles()) if (TEST_FILE.test(file.getFilePath())) project.removeSourceFile(file);
  return project;
}

/** Reads of flags in one file: named imports from the flags module used in the file, and `flags.X` / `config.flags.X`. */
function readsIn(file: SourceFile, known: ReadonlySet<string>, add: (flag: string, node: Node) => void): void {
  const locals = new Map<string, string>(); // local name → flag
  for (const decl of file.getImportDeclarations()) {
    if (!FLAG_MODULE.test(decl.getModuleSpecifierValue())) continue;
    for (const spec of decl.getNamedImports()) {
      const flag = spec.getName();
      if (known.has(flag) && !spec.isTypeOnly()) locals.set(spec.getAliasNode()?.getText() ?? flag, flag);
    }
  }
  file.forEachDescendant((node) => {
    if (Node.isIdentifier(node)) {
      const flag = locals.get(node.getText());
      const parent = node.getParent();
      if (!flag || !parent || parent.getKind() === SyntaxKind.ImportSpecifier) return;
      // `x.IS_ALLOW_Y` names a property, not the imported constant.
      if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === node) return;
      add(flag, node);
    } else if (Node.isPropertyAccessExpression(node)) {
      const name = node.getName();
      if (known.has(name) && /(^|\.)flags$/.test(node.getExpression().getText())) add(name, node);
    }
  });
}

/** `data-flag="IS_X"` on the element a flag adds: the bundle marker (docs/variants.md, "Bundle markers"). */
function isMarker(node: Node): boolean {
  const parent = node.getParent();
  return !!parent && Node.isJsxAttribute(parent) && parent.getNameNode().getText() === MARKER_ATTRIBUTE;
}

/**
 * String literals naming a flag: a read by name (`flags[name]` over the variant's `flags` object, as the settings
 * menu does) or, inside `data-flag`, a bundle marker.
 */
function literalsIn(file: SourceFile, known: ReadonlySet<string>, read: (flag: string, node: Node) => void, marker: (flag: string, node: Node) => void): void {
  file.forEachDescendant((node) => {
    if (!(Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) || !known.has(node.getLiteralText())) return;
    const parent = node.getParent();
    // A module name or a type (`Pick<Flags, 'IS_X'>`) reads nothing.
    if (parent && (Node.isImportDeclaration(parent) || Node.isLiteralTypeNode(parent))) return;
    (isMarker(node) ? marker : read)(node.getLiteralText(), node);
  });
}

export function flagCoverage(root: string): FlagCoverage[] {
  const project = loadProject(root);
  const defaults = readDefaults(project);
  const names = [...defaults.flags.keys()].sort();
  const known = new Set(names);
  const values = new Map<string, Map<string, boolean>>(names.map((n) => [n, new Map()]));
  for (const id of [...project.variants.keys()].sort()) {
    const flags = resolveVariant(project, id, defaults).config.flags;
    for (const name of names) values.get(name)!.set(id, isObject(flags) && flags[name] === true);
  }

  const readers = new Map<string, FlagRead[]>(names.map((n) => [n, []]));
  const markers = new Map<string, FlagRead[]>(names.map((n) => [n, []]));
  const record = (into: Map<string, FlagRead[]>, file: SourceFile) => (flag: string, node: Node) => {
    const rel = relative(root, file.getFilePath()).split('\\').join('/');
    const list = into.get(flag)!;
    const line = node.getStartLineNumber();
    if (!list.some((r) => r.file === rel && r.line === line)) list.push({ file: rel, line });
  };
  for (const file of codeFiles(root).getSourceFiles()) {
    readsIn(file, known, record(readers, file));
    literalsIn(file, known, record(readers, file), record(markers, file));
  }

  const docs = join(root, 'docs', 'variants.md');
  const markdown = existsSync(docs) ? readFileSync(docs, 'utf8') : '';
  const decided = readFlagTable(markdown, DECIDED_HEADING);
  const pending = readFlagTable(markdown, PENDING_HEADING);
  return names.map((name) => {
    const byVariant = [...values.get(name)!];
    const on = byVariant.filter(([, v]) => v).map(([id]) => id);
    const off = byVariant.filter(([, v]) => !v).map(([id]) => id);
    const reason = decided.get(name);
    const missing = pending.get(name);
    return {
      name,
      on,
      off,
      differs: on.length > 0 && off.length > 0,
      readers: readers.get(name)!,
      markers: markers.get(name)!,
      ...(reason ? { decided: reason } : {}),
      ...(missing ? { pending: missing } : {}),
    };
  });
}

/**
 * Flags that no code reads and docs/variants.md does not account for: CI fails on these. A flag with the same value
 * in every variant counts too: a variant switching it later must change something.
 */
export function uncoveredFlags(report: readonly FlagCoverage[]): FlagCoverage[] {
  return report.filter((f) => f.readers.length === 0 && !f.decided && !f.pending);
}

/** Entries of docs/variants.md that no longer hold: the flag is read by code now. */
export function staleEntries(report: readonly FlagCoverage[]): FlagCoverage[] {
  return report.filter((f) => (f.decided || f.pending) && f.readers.length > 0);
}
