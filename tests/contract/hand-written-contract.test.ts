// The contract is only ever written in schema/: src/ and server/ (outside generated/) take destinations, sends,
// notification types and call paths from the generated code. This walks their TypeScript with the compiler's parser
// and fails on:
// - a string or template literal holding a STOMP destination (`/topic/`, `/queue/`, `/app/`): use the builders
//   and parsers of generated/realtime (`roomTopic(id)`, `sendDestination.healthCheckEcho()`, `parseDestination`);
// - a literal holding a call path of the schema (`/chat/sec/account/...`): use the generated call functions;
// - a hand-written notification type: a type declaring a `notifyType` member, or a list of notification or topic
//   types (`['TYPING', 'ONLINE', ...]`); use NotificationOf<...>, notifyTypes, topicTypes and the validators.
// Comparing with one type (`case 'NEW_MESSAGE':`) stays allowed: the type checker holds it to the generated union.
// That a missing handler is a type error is proved by server/http/handler-types.typecheck.ts (npm run typecheck).
// Tests (tests/, and the test files of src/ and server/) are held to the destination rule only: they name call
// paths on purpose (a wrong path, a browser route to hold) and feed parsers deliberately wrong input. A test that
// checks the literal wire format on purpose marks the statement with a comment `contract-literal: <why>`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../generated/api/endpoints.ts';
import { notifyTypes, topicTypes } from '../../generated/realtime/index.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['src', 'server'];
/** Held to the destination rule only (see the header). */
const TEST_SCANNED = ['tests', 'src', 'server'];
const DESTINATION = /\/(topic|queue|app)\//;
const CALL_PATHS = Object.values(endpoints).map((e) => e.path);
const TYPE_NAMES = new Set<string>([...notifyTypes, ...topicTypes]);

const isTest = (file: string) => /\.(test|typecheck|e2e)\.tsx?$/.test(file) || file.endsWith('.testing.ts');
/** Everything under tests/ is test code (helpers, fixtures, browser specs); elsewhere the test files. */
const isTestFile = (file: string) => path.relative(ROOT, file).split(path.sep)[0] === 'tests' || isTest(path.basename(file));
const MARKER = /contract-literal:\s*\S/;

function sourceFiles(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['generated', 'node_modules', 'screenshots'].includes(entry.name) ? [] : sourceFiles(full, keep);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && keep(full) ? [full] : [];
  });
}

/** Whether the statement holding `node` carries a `contract-literal: <why>` comment just above it. */
function marked(node: ts.Node, source: ts.SourceFile): boolean {
  for (let at: ts.Node | undefined = node; at && !ts.isSourceFile(at); at = at.parent) {
    if (!ts.isStatement(at) && !ts.isClassElement(at)) continue;
    const comments = ts.getLeadingCommentRanges(source.text, at.getFullStart()) ?? [];
    if (comments.some((c) => MARKER.test(source.text.slice(c.pos, c.end)))) return true;
  }
  return false;
}

/**
 * What a literal-only reader finds in one source: one line per finding, `file:line: what`. A test file is held to
 * the destination rule only, and a statement it marks `contract-literal: <why>` may hold destinations.
 */
export function findHandWritten(file: string, text: string, test = isTestFile(file)): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${what}`);
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const value = node.text;
      if (DESTINATION.test(value) && !(test && marked(node, source))) at(node, `destination ${JSON.stringify(value)}`);
      const call = test ? undefined : CALL_PATHS.find((p) => value.includes(p));
      if (call) at(node, `call path ${call}`);
    }
    if (!test && (ts.isPropertySignature(node) || ts.isPropertyDeclaration(node)) && node.name.getText(source) === 'notifyType') {
      at(node, 'a hand-written notification type (a notifyType member)');
    }
    if (!test && ts.isArrayLiteralExpression(node)) {
      const names = node.elements.filter((e) => ts.isStringLiteralLike(e) && TYPE_NAMES.has(e.text));
      if (names.length >= 2) at(node, `a hand-written list of notification or topic types (${names.length})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const findingsIn = (files: string[], test: boolean) => files.flatMap((file) => findHandWritten(file, readFileSync(file, 'utf8'), test));
const what = (lines: string[]) => lines.map((line) => line.replace(/^[^:]+:\d+: /, ''));

describe('the contract is written once', () => {
  it('src/ and server/ hold no hand-written destination, notification type or call path', () => {
    const files = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir), (file) => !isTestFile(file)));
    expect(findingsIn(files, false)).toEqual([]);
  });

  it('the tests hold no hand-written destination outside a statement marked contract-literal', () => {
    const files = TEST_SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir), isTestFile));
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain(path.join(ROOT, 'tests/e2e/chat.e2e.ts'));
    expect(findingsIn(files, true)).toEqual([]);
  });

  it('the scan sees each kind', () => {
    // contract-literal: the sample source the scan must flag.
    const sample = [
      "const queue = `/queue/${mq}.${id}`;",
      "publish('/app/healthcheck', {});",
      "fetch('/chat/sec/account/getaccountprofile');",
      'interface Mine { notifyType: string }',
      "const relayed = new Set(['TYPING', 'ONLINE']);",
      "switch (n.notifyType) { case 'NEW_MESSAGE': break; }",
      '// a comment naming /topic/room.{roomId} is fine',
    ].join('\n');
    // contract-literal: what the scan reports on it.
    expect(what(findHandWritten(path.join(ROOT, 'src/sample.ts'), sample))).toEqual([
      'destination "/queue/"',
      'destination "/app/healthcheck"',
      'call path /chat/sec/account/getaccountprofile',
      'a hand-written notification type (a notifyType member)',
      'a hand-written list of notification or topic types (2)',
    ]);
  });

  it('in a test, sees destinations only, and lets a statement marked with a reason hold them', () => {
    // contract-literal: the sample test source the scan must read.
    const sample = [
      "const inbox = await listen(server, bob, `/queue/chatgen.${bob.id}`);",
      "await page.route('**/chat/sec/message/sendaesmessage', hold);",
      'interface Frame { notifyType: string }',
      '// contract-literal: the schema states these patterns; this checks them as written',
      "expect(patterns).toContain('/topic/room.{roomId}');",
      '// contract-literal:',
      "expect(patterns).toContain('/topic/account.{accountId}');",
      'const pattern = {',
      '  // contract-literal: a marker inside the statement does not cover it',
      "  room: '/topic/room.{roomId}',",
      '};',
    ].join('\n');
    // contract-literal: what the scan reports on it.
    expect(findHandWritten(path.join(ROOT, 'tests/server/sample.test.ts'), sample)).toEqual([
      'tests/server/sample.test.ts:1: destination "/queue/chatgen."',
      'tests/server/sample.test.ts:7: destination "/topic/account.{accountId}"',
      'tests/server/sample.test.ts:10: destination "/topic/room.{roomId}"',
    ]);
  });
});
