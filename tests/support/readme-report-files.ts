import { readFileSync } from 'node:fs';

const README = new URL('../../README.md', import.meta.url);

/** The names the README's "Every file in reports/" table gives, each as written between backquotes. */
export function readmeReportFiles(): string[] {
  const readme = readFileSync(README, 'utf8');
  const table = readme.slice(readme.indexOf('### Every file in `reports/`'));
  return table.slice(0, table.indexOf('\n\n', table.indexOf('| file |'))).split('\n').filter((l) => l.startsWith('| `')).flatMap((l) => [...l.split(' | ')[0]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
}
