/** The chatgen command line: commander wiring, exit codes (0 ok, 1 invalid or failed, 2 usage) and error output. */
import { Command, CommanderError, Option } from 'commander';
import { runBuild } from './commands/build.ts';
import { runDiff } from './commands/diff.ts';
import { runGenerate } from './commands/generate.ts';
import { runList } from './commands/list.ts';
import { runShow } from './commands/show.ts';
import { runValidate } from './commands/validate.ts';
import { ChatgenError, UsageError } from './errors.ts';
import { REPOSITORY_ROOT } from './paths.ts';

const rootOption = (): Option =>
  new Option('--root <dir>', 'project root holding schema/ and variants/').default(REPOSITORY_ROOT, 'the repository root');

/** Runs an action and turns its outcome into an exit code; user mistakes never print a stack. */
function action<A extends unknown[]>(run: (...args: A) => number | Promise<number>) {
  return async (...args: A): Promise<void> => {
    process.exitCode = await run(...args);
  };
}

function buildProgram(): Command {
  const program = new Command('chatgen')
    .description('Validate variant configs, generate typed code into generated/ and build one web client per variant.')
    .version('0.1.0')
    .exitOverride()
    .showSuggestionAfterError()
    .configureOutput({ outputError: (text, write) => write(text.startsWith('error:') ? `chatgen: ${text}` : text) });

  program
    .command('validate')
    .description('validate variant files against schema/variant.schema.json and check that all schema files compile')
    .argument('[ids...]', 'variant ids (file names under variants/ without .json)')
    .option('--all', 'validate every variant')
    .option('--strict', 'treat flags missing from the default set as errors')
    .option('--json', 'print a machine-readable report')
    .addOption(rootOption())
    .action(action((ids: string[], opts: { root: string; all?: boolean; strict?: boolean; json?: boolean }) => runValidate(ids, opts)));

  program
    .command('generate')
    .description('write generated/ from schema/ and variants/')
    .option('--check', 'write nothing; exit 1 naming each stale, missing or extra file')
    .addOption(rootOption())
    .action(action((opts: { root: string; check?: boolean }) => runGenerate(opts)));

  program
    .command('build')
    .description('generate, then a Vite production build per variant into <out>/<ID>')
    .argument('[ids...]', 'variant ids')
    .option('--all', 'build every variant')
    .option('--out <dir>', 'output directory (relative to the root)', 'dist')
    .option('--base <path>', "URL path the build is served from, e.g. /webchat/ for a sub-path deployment", '/')
    .addOption(rootOption())
    .action(action((ids: string[], opts: { root: string; all?: boolean; out: string; base: string }) => runBuild(ids, opts)));

  program
    .command('list')
    .description('list variants with title, extends and environment')
    .option('--json', 'print JSON')
    .addOption(rootOption())
    .action(action((opts: { root: string; json?: boolean }) => runList(opts)));

  program
    .command('show')
    .description('print the fully resolved config of a variant (extends and defaults applied)')
    .argument('<id>', 'variant id')
    .option('--json', 'print JSON instead of one line per value')
    .addOption(rootOption())
    .action(action((id: string, opts: { root: string; json?: boolean }) => runShow(id, opts)));

  program
    .command('diff')
    .description('print flags, theme, wording, constants, links and layout that differ between two variants')
    .argument('<a>', 'first variant id')
    .argument('<b>', 'second variant id')
    .addOption(rootOption())
    .action(action((a: string, b: string, opts: { root: string }) => runDiff(a, b, opts)));

  return program;
}

async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    if (err instanceof UsageError) {
      process.stderr.write(`chatgen: ${err.message}\n`);
      return 2;
    }
    if (err instanceof ChatgenError) {
      process.stderr.write(`chatgen: ${err.message}\n`);
      return 1;
    }
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`chatgen: internal error: ${message}\n`);
    if (process.env.CHATGEN_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
    else process.stderr.write('(set CHATGEN_DEBUG=1 for a stack trace)\n');
    return 1;
  }
}

// `chatgen show CSD | head`: a closed pipe ends the output quietly instead of crashing with a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

process.exitCode = await main(process.argv);
