// Prints the client's structural debts as counts, so a change to the shape of the code can be measured:
// feature -> feature imports, service-locator calls, hand-written query keys, generated calls made directly
// from components, and functions longer than 80 lines. Run: `node --import tsx scripts/architecture-report.ts`
// (`--list` prints every place, `--json` the counts as JSON). See docs/client-core.md.
import path from 'node:path';
import { Node, Project, SyntaxKind, type SourceFile } from 'ts-morph';

const repoRoot = path.resolve(import.meta.dirname, '..');
const LONG_FUNCTION_LINES = 80;
/** A comment with this phrase above a long function says why it is better whole. */
const WHOLE_JUSTIFICATION = /better whole/i;
const SERVICE_LOCATORS = new Set(['chatServices', 'currentRealtime', 'useCoreQueryClient']);

interface Finding {
  file: string;
  line: number;
  detail: string;
}

const relative = (file: SourceFile) => path.relative(repoRoot, file.getFilePath());
const isTestFile = (file: string) => /\.(test|e2e|spec)\.tsx?$/.test(file) || file.startsWith('tests/');

function featureOf(file: string): string | null {
  const match = /^src\/features\/([^/]+)\//.exec(file);
  return match?.[1] ?? null;
}

function resolveImport(specifier: string, importer: string): string | null {
  if (specifier.startsWith('@src/')) return path.join('src', specifier.slice('@src/'.length));
  if (specifier.startsWith('.')) return path.normalize(path.join(path.dirname(importer), specifier));
  return null;
}

export function featureImports(files: SourceFile[]): Finding[] {
  const found: Finding[] = [];
  for (const file of files) {
    const name = relative(file);
    const from = featureOf(name);
    if (!from) continue;
    const declarations = [...file.getImportDeclarations(), ...file.getExportDeclarations()];
    for (const declaration of declarations) {
      const specifier = declaration.getModuleSpecifierValue();
      if (!specifier) continue;
      const target = resolveImport(specifier, name);
      const to = target ? featureOf(`${target}/`) : null;
      if (to && to !== from) found.push({ file: name, line: declaration.getStartLineNumber(), detail: `${from} -> ${to}` });
    }
  }
  return found;
}

function serviceLocatorCalls(files: SourceFile[]): Finding[] {
  const found: Finding[] = [];
  for (const file of files) {
    for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = call.getExpression();
      if (Node.isIdentifier(callee) && SERVICE_LOCATORS.has(callee.getText())) {
        found.push({ file: relative(file), line: call.getStartLineNumber(), detail: callee.getText() });
      }
    }
  }
  return found;
}

export function handWrittenQueryKeys(files: SourceFile[]): Finding[] {
  const found: Finding[] = [];
  for (const file of files) {
    for (const property of file.getDescendantsOfKind(SyntaxKind.PropertyAssignment)) {
      if (property.getName() !== 'queryKey' && property.getName() !== 'mutationKey') continue;
      const value = property.getInitializer();
      if (value && Node.isArrayLiteralExpression(value)) {
        found.push({ file: relative(file), line: property.getStartLineNumber(), detail: value.getText().slice(0, 60) });
      }
    }
  }
  return found;
}

/** The generated call functions: every exported function of a group module that is not an options builder. */
function generatedCallNames(project: Project): Set<string> {
  const names = new Set<string>();
  for (const file of project.addSourceFilesAtPaths(path.join(repoRoot, 'generated/api/*.ts'))) {
    if (/\/(runtime|index|client|endpoints)\.ts$/.test(file.getFilePath())) continue;
    for (const fn of file.getFunctions()) {
      const name = fn.getName();
      if (fn.isExported() && name && !/(Query|Mutation|InfiniteQuery|Options)$/.test(name)) names.add(name);
    }
  }
  return names;
}

/** Calls of generated call functions (not their query or mutation options) in the files `include` accepts. */
function directGeneratedCalls(files: SourceFile[], callNames: Set<string>, include: (file: string) => boolean): Finding[] {
  const found: Finding[] = [];
  for (const file of files) {
    const name = relative(file);
    if (!include(name)) continue;
    const imported = new Set<string>();
    for (const declaration of file.getImportDeclarations()) {
      if (!declaration.getModuleSpecifierValue().startsWith('@generated/api')) continue;
      for (const named of declaration.getNamedImports()) {
        if (callNames.has(named.getName())) imported.add((named.getAliasNode() ?? named.getNameNode()).getText());
      }
    }
    if (imported.size === 0) continue;
    for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = call.getExpression();
      if (Node.isIdentifier(callee) && imported.has(callee.getText())) {
        found.push({ file: name, line: call.getStartLineNumber(), detail: callee.getText() });
      }
    }
  }
  return found;
}

function functionName(node: Node): string {
  if (Node.isFunctionDeclaration(node) || Node.isMethodDeclaration(node)) return node.getName() ?? '(anonymous)';
  const parent = node.getParent();
  if (parent && Node.isVariableDeclaration(parent)) return parent.getName();
  if (parent && Node.isPropertyAssignment(parent)) return parent.getName();
  return '(anonymous)';
}

function longFunctions(files: SourceFile[]): { unjustified: Finding[]; justified: Finding[] } {
  const unjustified: Finding[] = [];
  const justified: Finding[] = [];
  const kinds = [SyntaxKind.FunctionDeclaration, SyntaxKind.FunctionExpression, SyntaxKind.ArrowFunction, SyntaxKind.MethodDeclaration];
  for (const file of files) {
    const name = relative(file);
    if (isTestFile(name)) continue;
    for (const kind of kinds) {
      for (const fn of file.getDescendantsOfKind(kind)) {
        const lines = fn.getEndLineNumber() - fn.getStartLineNumber() + 1;
        if (lines <= LONG_FUNCTION_LINES) continue;
        const statement =
          Node.isStatement(fn) || Node.isMethodDeclaration(fn)
            ? fn
            : (fn.getFirstAncestor((node) => Node.isStatement(node) || Node.isPropertyAssignment(node) || Node.isPropertyDeclaration(node)) ?? fn);
        const comments = [...statement.getLeadingCommentRanges(), ...fn.getLeadingCommentRanges()].map((range) => range.getText());
        const finding = { file: name, line: fn.getStartLineNumber(), detail: `${functionName(fn)}: ${lines} lines` };
        (comments.some((text) => WHOLE_JUSTIFICATION.test(text)) ? justified : unjustified).push(finding);
      }
    }
  }
  return { unjustified, justified };
}

/** The client's source files, tests left out. */
export function clientSources(project: Project = new Project({ skipAddingFilesFromTsConfig: true, compilerOptions: { allowJs: true } })): SourceFile[] {
  return project.addSourceFilesAtPaths(path.join(repoRoot, 'src/**/*.{ts,tsx}')).filter((file) => !isTestFile(relative(file)));
}

function main(): void {
  const project = new Project({ skipAddingFilesFromTsConfig: true, compilerOptions: { allowJs: true } });
  const srcFiles = clientSources(project);
  const ownFiles = [
    ...srcFiles,
    ...project.addSourceFilesAtPaths(['server/**/*.ts', 'generator/**/*.{ts,js}'].map((glob) => path.join(repoRoot, glob))),
  ];
  const callNames = generatedCallNames(project);
  const edges = featureImports(srcFiles);
  const long = longFunctions(ownFiles);
  const report: Record<string, Finding[]> = {
    'feature -> feature imports': edges,
    'service-locator calls': serviceLocatorCalls(srcFiles),
    'hand-written query keys': handWrittenQueryKeys(srcFiles),
    'direct generated calls from components': directGeneratedCalls(srcFiles, callNames, (file) => file.endsWith('.tsx')),
    'direct generated calls in features': directGeneratedCalls(srcFiles, callNames, (file) => featureOf(file) !== null),
    [`functions over ${LONG_FUNCTION_LINES} lines (unjustified)`]: long.unjustified,
    [`functions over ${LONG_FUNCTION_LINES} lines (justified)`]: long.justified,
  };
  const counts = Object.fromEntries(Object.entries(report).map(([key, list]) => [key, list.length]));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ ...counts, 'feature -> feature edges': new Set(edges.map((edge) => edge.detail)).size }, null, 2));
    return;
  }
  const list = process.argv.includes('--list');
  for (const [title, findings] of Object.entries(report)) {
    console.log(`${title}: ${findings.length}`);
    if (list) for (const finding of findings) console.log(`  ${finding.file}:${finding.line}  ${finding.detail}`);
  }
  console.log(`feature -> feature edges: ${new Set(edges.map((edge) => edge.detail)).size}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
