import { parseArgs } from 'node:util';
import { ConfigError } from './run-config.ts';

/** One command-line option: its parsing and its line in the command's --help. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  /** Placeholder of the value in --help (string options). */
  value?: string;
  help: string;
  /** Heading the option is listed under in --help. */
  group?: string;
}

export type OptionTable = Readonly<Record<string, OptionSpec>>;

/** Values by `--name`: every occurrence of a string option in order (the last one wins where one is used). */
export type OptionValues<T extends OptionTable> = {
  [K in keyof T & string as `--${K}`]?: T[K]['type'] extends 'string' ? string[] : boolean;
};

export interface ParsedCommandLine<T extends OptionTable> {
  values: OptionValues<T>;
  operands: string[];
}

/**
 * Splits argv with node:util's parseArgs, then holds each token to the table so every mistake is one
 * message naming the culprit: unknown options, missing values (`--seed --depth 3` included), values
 * given to switches, and operands where the command takes none.
 */
export function parseOptions<T extends OptionTable>(argv: string[], options: T, command: string, { operands: allowed = false } = {}): ParsedCommandLine<T> {
  const config = Object.fromEntries(Object.entries(options).map(([name, spec]) => [name, { type: spec.type, multiple: true }]));
  const { tokens } = parseArgs({ args: argv, options: config, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, unknown> = {};
  const operands: string[] = [];
  const seeHelp = `(see ledger-conformance ${command} --help)`;
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      if (!allowed) throw new ConfigError(`unexpected argument "${token.value}" ${seeHelp}`);
      operands.push(token.value);
      continue;
    }
    const flag = `--${token.name}`;
    const spec = token.rawName.startsWith('--') ? options[token.name] : undefined;
    if (!spec) throw new ConfigError(`unknown option "${token.rawName}" ${seeHelp}`);
    if (spec.type === 'boolean') {
      if (token.value !== undefined) throw new ConfigError(`${flag} takes no value`);
      values[flag] = true;
    } else {
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) throw new ConfigError(`${flag} needs a value`);
      ((values[flag] ??= []) as string[]).push(token.value);
    }
  }
  return { values: values as OptionValues<T>, operands };
}

/** The option lines of a command's --help (of one heading, or all), grouped under their headings, descriptions aligned. */
export function optionHelp(options: OptionTable, only?: string): string {
  const groups = new Map<string, string[][]>();
  for (const [name, spec] of Object.entries(options)) {
    if (only !== undefined && spec.group !== only) continue;
    const left = `--${name}${spec.value ? ` ${spec.value}` : ''}`;
    const group = spec.group ?? 'Options';
    groups.set(group, [...(groups.get(group) ?? []), [left, spec.help]]);
  }
  return [...groups].map(([heading, rows]) => `${heading}:\n${helpColumns(rows as Array<[string, string]>)}`).join('\n\n');
}

/** Two columns as --help prints them: the right one starts at the same place unless the left is too long for it. */
export function helpColumns(rows: Array<[string, string]>, widest = 22): string {
  const width = Math.min(widest, Math.max(...rows.map(([left]) => left.length))) + 3;
  const pad = (left: string) => (left.length + 3 > width ? `${left}   ` : left.padEnd(width));
  return rows.map(([left, help]) => `  ${help ? pad(left) + help.replaceAll('\n', `\n  ${' '.repeat(width)}`) : left}`).join('\n');
}
