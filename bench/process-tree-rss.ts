// Peak resident memory of a process and all its descendants, read from Linux /proc (VmHWM is the
// kernel's own high-water mark, so sampling only has to find each process once before it exits).
import { existsSync, readFileSync, readdirSync } from 'node:fs';

function childrenOf(pid: number): number[] {
  const dir = `/proc/${pid}/task`;
  if (!existsSync(dir)) return [];
  const out: number[] = [];
  for (const task of readdirSync(dir)) {
    try {
      out.push(...readFileSync(`${dir}/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch { /* the task ended while being read */ }
  }
  return out;
}

function peakKb(pid: number): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

export interface RssSampler {
  /** Peak RSS in MiB of each process seen, by pid and command line. */
  stop(): Array<{ pid: number; command: string; peakMiB: number }>;
}

/** Samples the tree under `root` every `everyMs` until stopped; returns nothing useful off Linux. */
export function sampleTreeRss(root: number, everyMs = 100): RssSampler {
  const seen = new Map<number, { command: string; peakKb: number }>();
  const sample = () => {
    const queue = [root];
    while (queue.length) {
      const pid = queue.shift()!;
      const kb = peakKb(pid);
      if (kb !== undefined) {
        const known = seen.get(pid);
        let command = known?.command;
        if (!command) {
          try {
            command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/[\0\s]+/g, ' ').trim().slice(0, 80);
          } catch {
            command = '?';
          }
        }
        seen.set(pid, { command, peakKb: Math.max(kb, known?.peakKb ?? 0) });
      }
      queue.push(...childrenOf(pid));
    }
  };
  const timer = setInterval(sample, everyMs);
  sample();
  return {
    stop() {
      clearInterval(timer);
      return [...seen].map(([pid, p]) => ({ pid, command: p.command, peakMiB: p.peakKb / 1024 }));
    },
  };
}
