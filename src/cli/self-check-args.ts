// Flags of `ledger-conformance self-check`, checked up front: bad input is one usage error.
import { INTERFACES, type InterfaceName } from '../../specs/interfaces.ts';
import { parseOptions, type OptionTable } from '../config/options.ts';
import { ConfigError } from '../config/run-config.ts';
import { parseSeed } from '../config/seed.ts';

export interface SelfCheckOptions {
  only: InterfaceName[];
  /** Fault names to run; empty = every fault of the selected interfaces. */
  faults: string[];
  jobs: number;
  /** Percentage of faults that must be caught; undefined = no floor. */
  minScore?: number;
  /** Handed to each run's --seed as given. */
  seed: string;
  depth: number;
  reportDir: string;
}

/** Fixed seed and a moderate depth: two self-checks of the same tree judge the same inputs. */
export const SELF_CHECK_DEFAULTS = { jobs: 2, seed: 20261122, depth: 12, reportDir: 'reports' } as const;

function integer(flag: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min) throw new ConfigError(`${flag} takes an integer of at least ${min}, got "${text}"`);
  return Number(text);
}

function list(values: string[] | undefined): string[] {
  return (values ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

export const SELF_CHECK_OPTIONS = {
  only: { type: 'string', value: 'NAME[,NAME]', help: 'ledger-query | status | verify (default: all three)' },
  faults: { type: 'string', value: 'A,B', help: 'run only these faults (reference/faults/catalogue.ts); default: every fault of the selected interfaces' },
  jobs: { type: 'string', value: 'N', help: `runs at a time, each with its own reference on its own port (default ${SELF_CHECK_DEFAULTS.jobs})` },
  'min-score': { type: 'string', value: 'P', help: 'exit 1 when fewer than P% of the faults are caught' },
  seed: { type: 'string', value: 'N', help: `seed of every run (default ${SELF_CHECK_DEFAULTS.seed})` },
  depth: { type: 'string', value: 'N', help: `generated examples per property (default ${SELF_CHECK_DEFAULTS.depth})` },
  'report-dir': { type: 'string', value: 'DIR', help: `where reports go (default ${SELF_CHECK_DEFAULTS.reportDir}; each fault's under DIR/self-check/)` },
} as const satisfies OptionTable;

export function parseSelfCheckArgs(argv: string[]): SelfCheckOptions {
  const flags = parseOptions(argv, SELF_CHECK_OPTIONS, 'self-check').values;
  const lastOf = (values: string[] | undefined) => values?.[values.length - 1];
  const v = {
    only: flags['--only'],
    faults: flags['--faults'],
    jobs: lastOf(flags['--jobs']),
    'min-score': lastOf(flags['--min-score']),
    seed: lastOf(flags['--seed']),
    depth: lastOf(flags['--depth']),
    'report-dir': lastOf(flags['--report-dir']),
  };
  const only = list(v.only);
  for (const name of only) if (!(INTERFACES as readonly string[]).includes(name)) throw new ConfigError(`--only takes ${INTERFACES.join('|')}, got "${name}"`);
  const minScore = v['min-score'];
  if (minScore !== undefined && !(/^\d+(\.\d+)?$/.test(minScore) && Number(minScore) <= 100)) {
    throw new ConfigError(`--min-score takes a percentage from 0 to 100, got "${minScore}"`);
  }
  return {
    only: only.length ? (only as InterfaceName[]) : [...INTERFACES],
    faults: list(v.faults),
    jobs: integer('--jobs', v.jobs, SELF_CHECK_DEFAULTS.jobs, 1),
    ...(minScore !== undefined ? { minScore: Number(minScore) } : {}),
    seed: parseSeed('--seed', v.seed ?? String(SELF_CHECK_DEFAULTS.seed)).text,
    depth: integer('--depth', v.depth, SELF_CHECK_DEFAULTS.depth, 1),
    reportDir: v['report-dir'] ?? SELF_CHECK_DEFAULTS.reportDir,
  };
}
