import { ConfigError } from './run-config.ts';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Parses `Name: value` into a header pair, rejecting what undici would refuse to send. */
export function parseHeaderLine(line: string): [string, string] {
  const colon = line.indexOf(':');
  const name = colon > 0 ? line.slice(0, colon).trim() : '';
  if (!TOKEN.test(name)) throw new ConfigError(`--header takes "Name: value", got "${line.slice(0, 40)}"`);
  const value = line.slice(colon + 1).trim();
  if (/[\r\n\0]/.test(value)) throw new ConfigError(`header ${name} has a line break or NUL in its value`);
  return [name.toLowerCase(), value];
}
