import { cliMain } from './cli-main.ts';
import { processIo } from './cli-io.ts';

cliMain(process.argv.slice(2), processIo()).then((code) => {
  process.exitCode = code;
});
