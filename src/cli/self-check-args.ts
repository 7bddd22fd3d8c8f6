// Flags of `ledger-conformance self-check`, checked up front: bad input is one usage error.
import { parseArgs } from 'node:util';
import { INTERFACES, type InterfaceName } from '../spec/load-spec.ts';
import { UsageError } from './usage-error.ts';

export interface SelfCheckOptions {
  only: InterfaceName[];
  /** Fault names to run; empty = every fault of the selected interfaces. */
  faults: string[];
  jobs: number;
  /** Percentage of faults that must be caught; undefined = no floor. */
  minScore?: number;
  seed: number;
  depth: number;
  reportDir: string;
}

/** Fixed seed and a moderate depth: two self-checks of the same tree judge the same inputs. */
export const SELF_CHECK_DEFAULTS = { jobs: 2, seed: 20261122, depth: 12, reportDir: 'reports' } as const;

function integer(flag: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`${flag} takes an integer of at least ${min}, got "${text}"`);
  return Number(text);
}

function list(values: string[] | undefined): string[] {
  return (values ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

export function parseSelfCheckArgs(argv: string[]): SelfCheckOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        only: { type: 'string', multiple: true },
        faults: { type: 'string', multiple: true },
        jobs: { type: 'string' },
        'min-score': { type: 'string' },
        seed: { type: 'string' },
        depth: { type: 'string' },
        'report-dir': { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(`self-check: ${(error as Error).message}`);
  }
  const v = parsed.values;
  const only = list(v.only);
  for (const name of only) if (!(INTERFACES as readonly string[]).includes(name)) throw new UsageError(`--only takes ${INTERFACES.join('|')}, got "${name}"`);
  const minScore = v['min-score'];
  if (minScore !== undefined && !(/^\d+(\.\d+)?$/.test(minScore) && Number(minScore) <= 100)) {
    throw new UsageError(`--min-score takes a percentage from 0 to 100, got "${minScore}"`);
  }
  if (v.seed !== undefined && !/^-?\d+$/.test(v.seed)) throw new UsageError(`--seed must be an integer, got "${v.seed}"`);
  return {
    only: only.length ? (only as InterfaceName[]) : [...INTERFACES],
    faults: list(v.faults),
    jobs: integer('--jobs', v.jobs, SELF_CHECK_DEFAULTS.jobs, 1),
    ...(minScore !== undefined ? { minScore: Number(minScore) } : {}),
    seed: v.seed !== undefined ? Number(v.seed) : SELF_CHECK_DEFAULTS.seed,
    depth: integer('--depth', v.depth, SELF_CHECK_DEFAULTS.depth, 1),
    reportDir: v['report-dir'] ?? SELF_CHECK_DEFAULTS.reportDir,
  };
}
