import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import setup, { ROOM_BYTES, TMPFS_MAGIC, removeAbandoned, removingPath, scratchParent } from './support/scratch-tmpdir.ts';

describe("the test run's temporary directory", () => {
  it('is where os.tmpdir() points until teardown, which removes it with everything in it and points back', async () => {
    const outer = tmpdir();
    const teardown = setup();
    const root = tmpdir();
    expect(dirname(root)).toBe(outer);
    mkdirSync(join(root, 'a-report', 'html'), { recursive: true });
    writeFileSync(join(root, 'a-report', 'html', 'index.html'), '<html></html>');
    teardown();
    expect(existsSync(root)).toBe(false);
    expect(tmpdir()).toBe(outer);
    // The detached process deletes what was moved aside.
    for (let waited = 0; existsSync(removingPath(root)) && waited < 20_000; waited += 50) await sleep(50);
    expect(existsSync(removingPath(root))).toBe(false);
  });

  it('lies in an explicit TMPDIR, and otherwise on a RAM-backed file system with room where there is one', () => {
    const before = process.env.TMPDIR;
    try {
      process.env.TMPDIR = join(tmpdir(), 'named');
      expect(scratchParent()).toBe(tmpdir());
      delete process.env.TMPDIR;
      // A machine without a tmpfs at /dev/shm with room keeps the system's temporary directory.
      const shm = existsSync('/dev/shm') ? statfsSync('/dev/shm') : undefined;
      const roomy = shm !== undefined && shm.type === TMPFS_MAGIC && shm.bavail * shm.bsize >= ROOM_BYTES;
      expect(scratchParent()).toBe(roomy ? '/dev/shm' : tmpdir());
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
  });

  it("removes the directories of runs whose process is gone, and keeps a running one's and other names", async () => {
    const parent = mkdtempSync(join(tmpdir(), 'abandoned-'));
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const dead = [join(parent, `lc-tests-${gone}-AbC123`), join(parent, `lc-tests-${gone}-XyZ789-removing`)];
    const kept = [join(parent, `lc-tests-${process.pid}-KeP456`), join(parent, 'lc-tests-a1b2c3'), join(parent, 'other')];
    for (const dir of [...dead, ...kept]) mkdirSync(join(dir, 'a-report'), { recursive: true });
    removeAbandoned(parent);
    for (let waited = 0; dead.some(existsSync) && waited < 20_000; waited += 50) await sleep(50);
    expect(dead.filter(existsSync)).toEqual([]);
    expect(kept.filter(existsSync)).toEqual(kept);
  });
});
