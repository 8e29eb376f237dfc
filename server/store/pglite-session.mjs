// How the server talks to one pglite instance, on the main thread (embedded.ts) or on the engine's own thread
// (embedded-worker.mjs). Plain JavaScript so that the worker loads it without a TypeScript loader.
//
// pglite's own `query()` makes six calls into the engine per statement (Parse, Describe, Bind, Describe, Execute,
// Sync), and PostgreSQL parses and analyses the text every time. Here a statement is parsed once per session
// under a name (its parameter types and row shape kept), and each later run is one call: Bind, Execute, Sync.
// A BEGIN waits and travels with the transaction's first statement (one engine call less per transaction).
import { parse as pgliteParse, protocol } from "@electric-sql/pglite";
import { isNameable } from "./statement-kinds.mjs";

const { serialize } = protocol;

/** Named statements kept per session; the least recently used is closed past this. */
const PREPARED_LIMIT = 500;
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
/** PostgreSQL's "cached plan must not change result type": a named statement whose tables changed shape. */
const FEATURE_NOT_SUPPORTED = "0A000";

function concat(parts) {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The messages after the first ReadyForQuery: what follows a BEGIN sent ahead in the same call. */
function afterFirstReady(messages) {
  const at = messages.findIndex((m) => m.name === "readyForQuery");
  return at < 0 ? messages : messages.slice(at + 1);
}

/**
 * @param {import('@electric-sql/pglite').PGlite} pg
 * @param {{ prepared?: boolean }} [options] prepared: false runs every statement through pglite's own query() (benchmarks)
 */
export function pgliteSession(pg, options = {}) {
  const usePrepared = options.prepared !== false;
  /** sql → { name, paramTypes, rowDescription }; Map order is the recency order. */
  const prepared = new Map();
  let nextName = 1;
  let beginPending = false;

  const run = (message) => pg.execProtocol(message);

  function takeBegin() {
    const pending = beginPending;
    beginPending = false;
    return pending ? [serialize.query("BEGIN")] : [];
  }

  function forgetAll() {
    prepared.clear();
    // Names are never reused, so a statement that outlives this (a failed DEALLOCATE) cannot be confused.
    return pg.exec("DEALLOCATE ALL").catch(() => undefined);
  }

  async function prepare(sql, lead) {
    const known = prepared.get(sql);
    if (known) {
      prepared.delete(sql);
      prepared.set(sql, known);
      return { statement: known, lead };
    }
    const name = `chatgen_${nextName++}`;
    const { messages } = await run(
      concat([
        ...lead,
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
    );
    const described = lead.length > 0 ? afterFirstReady(messages) : messages;
    const statement = {
      name,
      paramTypes: pgliteParse.parseDescribeStatementResults(described),
      rowDescription:
        described.find((m) => m.name === "rowDescription") ?? null,
    };
    if (prepared.size >= PREPARED_LIMIT) {
      const [oldestSql, oldest] = prepared.entries().next().value;
      prepared.delete(oldestSql);
      await run(
        concat([
          serialize.close({ type: "S", name: oldest.name }),
          serialize.sync(),
        ]),
      );
    }
    prepared.set(sql, statement);
    return { statement, lead: [] };
  }

  function serializeParams(statement, params) {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = pg.serializers[statement.paramTypes[i]];
      return serializer ? serializer(param) : param.toString();
    });
  }

  async function runPrepared(sql, params, begin) {
    const { statement, lead } = await prepare(sql, begin);
    const { messages } = await run(
      concat([
        ...lead,
        serialize.bind({
          statement: statement.name,
          values: serializeParams(statement, params),
        }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    const own = lead.length > 0 ? afterFirstReady(messages) : messages;
    const rows = statement.rowDescription
      ? [statement.rowDescription, ...own]
      : own;
    return pgliteParse.parseResults(rows, pg.parsers)[0];
  }

  // One statement at a time: a transaction's statements may be sent together (Promise.all), and two
  // statements named at once would read each other's Describe answers.
  let turn = Promise.resolve();
  function inTurn(fn) {
    const result = turn.then(fn);
    turn = result.catch(() => undefined);
    return result;
  }

  return {
    /** One statement with `$n` parameters: rows and the rows it changed. */
    query: (sql, params) => inTurn(() => queryNow(sql, params)),
    /** Statements without parameters, separated by `;`. */
    exec: (sql) => inTurn(() => execNow(sql)),
  };

  async function queryNow(sql, params) {
    const begin = takeBegin();
    if (!usePrepared || !isNameable(sql)) {
      if (begin.length > 0) await pg.exec("BEGIN");
      const result = await pg.query(sql, params);
      // DDL, SET, …: a table may have changed shape under the named statements.
      if (!isNameable(sql) && prepared.size > 0) await forgetAll();
      return result;
    }
    try {
      return await runPrepared(sql, params, begin);
    } catch (error) {
      // A table changed shape under a named statement (a migration in a test): name it again, once, when no
      // transaction is open (inside one PostgreSQL has aborted it already, and the caller sees the error).
      if (
        error?.code !== FEATURE_NOT_SUPPORTED ||
        begin.length > 0 ||
        pg.isInTransaction()
      )
        throw error;
      await forgetAll();
      return runPrepared(sql, params, []);
    }
  }

  async function execNow(sql) {
    if (usePrepared && sql === "BEGIN") {
      beginPending = true;
      return;
    }
    if (beginPending && (sql === "COMMIT" || sql === "ROLLBACK")) {
      // A transaction that ran nothing: nothing to begin or to end.
      beginPending = false;
      return;
    }
    const begin = takeBegin().length > 0;
    await pg.exec(begin ? `BEGIN; ${sql}` : sql);
    if (!TRANSACTION_CONTROL.test(sql) && prepared.size > 0) await forgetAll();
  }
}
