import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { ConfigError } from './run-config.ts';

/** Makes sure the reports can be written to `dir` before anything else runs; one clear message otherwise. */
export function ensureWritableDir(flag: string, dir: string): void {
  try {
    if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() === false) throw new ConfigError(`${flag} ${dir} is a file, not a directory`);
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const e = error as NodeJS.ErrnoException;
    const why = e.code === 'ENOTDIR' ? 'a part of the path is a file' : e.code === 'EACCES' || e.code === 'EPERM' ? 'no permission to write there' : e.code === 'EROFS' ? 'the file system is read-only' : e.code ?? e.message;
    throw new ConfigError(`${flag} ${dir} cannot hold the reports: ${why}`);
  }
}
