// Runs a command and writes the CPU seconds (user + system) that it and every descendant it waited
// for used to the file CPU_TIME_FILE names: Linux counts a reaped child's time into its parent's.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit' });
child.on('exit', (code) => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command name: cutime and cstime are the 14th and 15th, in clock ticks of 1/100 s.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  writeFileSync(process.env.CPU_TIME_FILE, String((Number(fields[13]) + Number(fields[14])) / 100));
  process.exit(code ?? 1);
});
