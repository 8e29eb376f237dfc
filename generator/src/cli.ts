/** The chatgen command line: commander wiring, exit codes (0 ok, 1 invalid or failed, 2 usage) and error output. */
import { Command, CommanderError, Option } from 'commander';
import { ChatgenError, UsageError } from './errors.ts';
import { isLogLevel, LOG_LEVELS, log, setLogLevel } from './log.ts';
import { REPOSITORY_ROOT } from './paths.ts';
import { formatProblem } from './problems.ts';
import { CHATGEN_VERSION } from './version.ts';

const EXIT_CODES = `
Exit codes:
  0  valid, up to date, built, printed (diff: also when the variants differ, unless --exit-code)
  1  invalid config (validate; generate and build refuse it), generated/ stale (generate --check), a type
     error (build), a failed or invalid variant in build (the others are still built), an unknown variant id,
     variants that differ (diff --exit-code), a differing flag read by no code (flags --check), built output
     that differs from its manifest or was not built (verify)
  2  usage error: unknown command or option, no ids and no --all, ids together with --all, a bad --root`;

const rootOption = (): Option =>
  new Option('--root <dir>', 'project root holding schema/ and variants/').default(REPOSITORY_ROOT, 'the repository root');

/**
 * Runs an action and turns its outcome into an exit code. Command modules are imported when their command
 * runs, so that `chatgen --version` or `chatgen validate` does not load the bundler.
 */
function action<A extends unknown[]>(run: (...args: A) => number | Promise<number>) {
  return async (...args: A): Promise<void> => {
    process.exitCode = await run(...args);
  };
}

function buildProgram(): Command {
  const program = new Command('chatgen')
    .description('Validate variant configs, generate typed code into generated/ and build one web client per variant.')
    .version(CHATGEN_VERSION, '-v, --version', 'print the chatgen version')
    // -V as well: commander's own spelling, which earlier releases documented.
    .addOption(new Option('-V').hideHelp())
    .on('option:V', () => {
      process.stdout.write(`${CHATGEN_VERSION}\n`);
      throw new CommanderError(0, 'commander.version', CHATGEN_VERSION);
    })
    .addOption(new Option('--log-level <level>', 'what the log (stderr) shows').choices(LOG_LEVELS).default('info'))
    .option('-q, --quiet', 'only errors in the log (same as --log-level error); results on stdout are unchanged')
    .exitOverride()
    .showSuggestionAfterError()
    .configureOutput({ outputError: (text, write) => write(text.startsWith('error:') ? `chatgen: ${text}` : text) })
    .addHelpText('after', EXIT_CODES)
    .hook('preAction', (command) => {
      const { logLevel, quiet } = command.opts<{ logLevel: string; quiet?: boolean }>();
      setLogLevel(quiet ? 'error' : isLogLevel(logLevel) ? logLevel : 'info');
    });

  program
    .command('validate')
    .description('check that every schema file compiles and that the given variants (or all) are valid after extends and defaults')
    .argument('[ids...]', 'variant ids (file names under variants/ without .json)')
    .option('--all', 'validate every variant')
    .option('--strict', 'treat warnings (a byte-order mark) as errors; CI runs this')
    .option('--json', 'print a machine-readable report')
    .addOption(new Option('--format <format>', 'text, or github: GitHub Actions annotations (file, line, column) on stdout').choices(['text', 'github']).default('text'))
    .addOption(rootOption())
    .addHelpText('after', EXIT_CODES)
    .action(
      action(async (ids: string[], opts: { root: string; all?: boolean; strict?: boolean; json?: boolean; format?: string }) =>
        (await import('./commands/validate.ts')).runValidate(ids, opts),
      ),
    );

  program
    .command('generate')
    .description('write generated/ from schema/ and variants/ (refuses an invalid project)')
    .option('--check', 'write nothing; exit 1 showing the diff of each stale file and naming missing and extra files')
    .option('--json', 'print a machine-readable result')
    .addOption(rootOption())
    .addHelpText('after', EXIT_CODES)
    .action(
      action(async (opts: { root: string; check?: boolean; json?: boolean }) => (await import('./commands/generate.ts')).runGenerate(opts)),
    );

  program
    .command('build')
    .description('generate, then a Vite production build per variant into <out>/<ID>/ with build-info.json, reusing unchanged builds')
    .argument('[ids...]', 'variant ids')
    .option('--all', 'build every variant')
    .option('--out <dir>', 'output directory (relative to the root)', 'dist')
    .option('--jobs <n>', 'variants built at the same time (default: the number of CPUs, at most 4)')
    .option('--base <path>', 'URL path the build is served from, e.g. /webchat/ for a sub-path deployment', '/')
    .option('--no-cache', 'bundle every variant again (and replace its cache entry) instead of reusing unchanged builds')
    .option('--no-typecheck', 'skip the type check of src/ and generated/ that runs before bundling')
    .option('--dry-run', 'print what would be bundled, restored or kept and why (the inputs changed since the last build); build and write nothing')
    .option('--sourcemap', 'also write source maps, into <out>/<ID>-sourcemaps/ beside the served files (never named by them); bundles every variant')
    .option('--json', 'print the report as JSON instead of the table')
    .addOption(rootOption())
    .addHelpText('after', EXIT_CODES)
    .action(
      action(async (ids: string[], opts: { root: string; all?: boolean; out: string; jobs?: string; base?: string; cache: boolean; typecheck: boolean; dryRun?: boolean; sourcemap?: boolean; json?: boolean }) =>
        (await import('./commands/build.ts')).runBuild(ids, opts),
      ),
    );

  program
    .command('verify')
    .description('check built output against its build-info.json (every file, size and sha256) and dist/manifest.json')
    .argument('[ids...]', 'variant ids')
    .option('--all', 'every variant directory of the output')
    .option('--out <dir>', 'output directory (relative to the root)', 'dist')
    .option('--json', 'print {ok, checked, differences} as JSON')
    .addOption(rootOption())
    .addHelpText('after', EXIT_CODES)
    .action(
      action(async (ids: string[], opts: { root: string; all?: boolean; out: string; json?: boolean }) =>
        (await import('./commands/verify.ts')).runVerify(ids, opts),
      ),
    );

  program
    .command('list')
    .description('list variants with title, extends and environment')
    .option('--json', 'print JSON')
    .addOption(rootOption())
    .action(action(async (opts: { root: string; json?: boolean }) => (await import('./commands/list.ts')).runList(opts)));

  program
    .command('show')
    .description('print the fully resolved config of a variant, each value with the file that set it')
    .argument('<id>', 'variant id')
    .option('--json', 'print the resolved config as JSON')
    .option('--sources', 'with --json: print {id, chain, config, setBy} (setBy: path → file)')
    .addOption(rootOption())
    .action(
      action(async (id: string, opts: { root: string; json?: boolean; sources?: boolean }) => (await import('./commands/show.ts')).runShow(id, opts)),
    );

  program
    .command('diff')
    .description('print every resolved value that differs between two variants, with the file that set each side')
    .argument('<a>', 'first variant id')
    .argument('<b>', 'second variant id')
    .option('--json', 'print {a, b, same, differences} as JSON')
    .option('--exit-code', 'exit 1 when the variants differ')
    .addOption(rootOption())
    .addHelpText('after', EXIT_CODES)
    .action(
      action(async (a: string, b: string, opts: { root: string; json?: boolean; exitCode?: boolean }) =>
        (await import('./commands/diff.ts')).runDiff(a, b, opts),
      ),
    );

  program
    .command('flags')
    .description('the flag-coverage report: per flag whose value differs between variants, the code in src/ and server/ that reads it')
    .option('--coverage', 'print the coverage report (the default)')
    .option('--all', 'every flag, also those with the same value in every variant')
    .option('--check', 'exit 1 when a differing flag is read by no code and not decided in docs/variants.md')
    .option('--json', 'print {flags, uncovered} as JSON')
    .addOption(rootOption())
    .addHelpText('after', EXIT_CODES)
    .action(
      action(async (opts: { root: string; coverage?: boolean; all?: boolean; check?: boolean; json?: boolean }) =>
        (await import('./commands/flags.ts')).runFlags(opts),
      ),
    );

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
      for (const p of err.problems) log.error(formatProblem(p));
      process.stderr.write(`chatgen: ${err.message}\n`);
      return 1;
    }
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`chatgen: internal error: ${message.split('\n')[0]}\n`);
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
