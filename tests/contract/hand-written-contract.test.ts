// The contract is only ever written in schema/: src/ and server/ (outside generated/) take destinations, sends,
// notification types and call paths from the generated code. This walks their TypeScript (tests aside, which feed
// parsers deliberately wrong input) with the compiler's parser and fails on:
// - a string or template literal holding a STOMP destination (`/topic/`, `/queue/`, `/app/`): use the builders
//   and parsers of generated/realtime (`roomTopic(id)`, `sendDestination.healthCheckEcho()`, `parseDestination`);
// - a literal holding a call path of the schema (`/chat/sec/account/...`): use the generated call functions;
// - a hand-written notification type: a type declaring a `notifyType` member, or a list of notification or topic
//   types (`['TYPING', 'ONLINE', ...]`); use NotificationOf<...>, notifyTypes, topicTypes and the validators.
// Comparing with one type (`case 'NEW_MESSAGE':`) stays allowed: the type checker holds it to the generated union.
// That a missing handler is a type error is proved by server/http/handler-types.typecheck.ts (npm run typecheck).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../generated/api/endpoints.ts';
import { notifyTypes, topicTypes } from '../../generated/realtime/index.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['src', 'server'];
const DESTINATION = /\/(topic|queue|app)\//;
const CALL_PATHS = Object.values(endpoints).map((e) => e.path);
const TYPE_NAMES = new Set<string>([...notifyTypes, ...topicTypes]);

const isTest = (file: string) => /\.(test|typecheck)\.tsx?$/.test(file) || file.endsWith('.testing.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(entry.name) ? [full] : [];
  });
}

/** What a literal-only reader finds in one source: one line per finding, `file:line: what`. */
export function findHandWritten(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${what}`);
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const value = node.text;
      if (DESTINATION.test(value)) at(node, `destination ${JSON.stringify(value)}`);
      const call = CALL_PATHS.find((p) => value.includes(p));
      if (call) at(node, `call path ${call}`);
    }
    if ((ts.isPropertySignature(node) || ts.isPropertyDeclaration(node)) && node.name.getText(source) === 'notifyType') {
      at(node, 'a hand-written notification type (a notifyType member)');
    }
    if (ts.isArrayLiteralExpression(node)) {
      const names = node.elements.filter((e) => ts.isStringLiteralLike(e) && TYPE_NAMES.has(e.text));
      if (names.length >= 2) at(node, `a hand-written list of notification or topic types (${names.length})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the contract is written once', () => {
  it('src/ and server/ hold no hand-written destination, notification type or call path', () => {
    const found = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap((file) => findHandWritten(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('the scan sees each kind', () => {
    const sample = [
      "const queue = `/queue/${mq}.${id}`;",
      "publish('/app/healthcheck', {});",
      "fetch('/chat/sec/account/getaccountprofile');",
      'interface Mine { notifyType: string }',
      "const relayed = new Set(['TYPING', 'ONLINE']);",
      "switch (n.notifyType) { case 'NEW_MESSAGE': break; }",
      '// a comment naming /topic/room.{roomId} is fine',
    ].join('\n');
    expect(findHandWritten(path.join(ROOT, 'src/sample.ts'), sample).map((line) => line.replace(/^[^:]+:\d+: /, ''))).toEqual([
      'destination "/queue/"',
      'destination "/app/healthcheck"',
      'call path /chat/sec/account/getaccountprofile',
      'a hand-written notification type (a notifyType member)',
      'a hand-written list of notification or topic types (2)',
    ]);
  });
});
