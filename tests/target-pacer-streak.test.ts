// A target is given up after FAULTS_BEFORE_ABANDON transport faults in a row in the order the
// attempts were sent, not the order they ended: with attempts out at once, a flaky network's
// resets end before the answers sent between them, and must not pass for a dead target.
import { describe, expect, it } from 'vitest';
import { createTargetPacer, FAULTS_BEFORE_ABANDON } from '../src/http/target-pacer.ts';

const TARGET = 'http://127.0.0.1:1';

async function sendMany(pacer: ReturnType<typeof createTargetPacer>, n: number): Promise<number[]> {
  const tickets: number[] = [];
  for (let i = 0; i < n; i++) tickets.push(await pacer.wait(TARGET));
  return tickets;
}

describe('the fault streak of a target', () => {
  it('is not made by faults of every 7th attempt ending before the answers sent between them', async () => {
    const pacer = createTargetPacer();
    const tickets = await sendMany(pacer, 42);
    const faulty = tickets.filter((t) => t % 7 === 0);
    for (const t of faulty) pacer.faulted(TARGET, t, 'UND_ERR_SOCKET: other side closed');
    expect(pacer.abandoned(TARGET)).toBeUndefined();
    for (const t of tickets.filter((t) => t % 7 !== 0)) pacer.answered(TARGET, t);
    expect(pacer.abandoned(TARGET)).toBeUndefined();
    await expect(pacer.wait(TARGET)).resolves.toBe(43);
  });

  it('is made by as many attempts sent one after another all faulting, in whatever order they end', async () => {
    const pacer = createTargetPacer();
    const [first, ...rest] = await sendMany(pacer, FAULTS_BEFORE_ABANDON + 2);
    pacer.answered(TARGET, first!);
    const faulting = rest.slice(0, FAULTS_BEFORE_ABANDON).reverse();
    for (const t of faulting.slice(0, -1)) pacer.faulted(TARGET, t, 'reset');
    expect(pacer.abandoned(TARGET)).toBeUndefined();
    pacer.faulted(TARGET, faulting.at(-1)!, 'reset');
    expect(pacer.abandoned(TARGET)).toBe(`the run stopped checking ${TARGET} after ${FAULTS_BEFORE_ABANDON} attempts in a row ended in transport faults (last: reset)`);
    await expect(pacer.wait(TARGET)).rejects.toThrow(/stopped checking/);
  });

  it('passes over an attempt that was withdrawn, and is broken by one answered in between', async () => {
    const pacer = createTargetPacer();
    const t = await sendMany(pacer, 2 * FAULTS_BEFORE_ABANDON + 1);
    // faults, one withdrawn among them: still in a row.
    pacer.withdrawn(TARGET, t[1]!);
    for (const i of [0, 2, 3]) pacer.faulted(TARGET, t[i]!, 'reset');
    expect(pacer.abandoned(TARGET)).toBeUndefined();
    pacer.faulted(TARGET, t[4]!, 'reset');
    expect(pacer.abandoned(TARGET)).toMatch(/after 4 attempts in a row/);

    const other = createTargetPacer();
    const u = await sendMany(other, 2 * FAULTS_BEFORE_ABANDON);
    for (const i of [0, 1, 2, 4, 5, 6]) other.faulted(TARGET, u[i]!, 'reset');
    other.answered(TARGET, u[3]!);
    expect(other.abandoned(TARGET)).toBeUndefined();
  });
});
