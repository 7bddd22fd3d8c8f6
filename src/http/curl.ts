import type { Exchange } from './exchange.ts';

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Headers the HTTP stack adds by itself; repeating them in a reproducer only adds noise. */
const IMPLICIT = new Set(['host', 'content-length', 'connection', 'user-agent', 'accept-encoding']);

/**
 * A curl command that sends the same request again (secrets appear as they were redacted). With
 * `bodyFile` the body is read from that file (`--data-binary @file`): long and binary bodies then
 * travel byte for byte instead of through the command line.
 */
export function toCurl(exchange: Exchange, bodyFile?: string): string {
  const parts = ['curl', '-sS', '-i', '-X', exchange.method];
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    if (!IMPLICIT.has(name.toLowerCase())) parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (bodyFile !== undefined && exchange.requestBody !== undefined) {
    parts.push('--data-binary', shellQuote(`@${bodyFile}`), '--globoff', shellQuote(exchange.url));
    return parts.join(' ');
  }
  if (exchange.requestBodyEncoding === 'base64') {
    // Binary bodies cannot travel in an argument: decode them into curl's standard input.
    parts.push('--data-binary', '@-');
    parts.push('--globoff', shellQuote(exchange.url));
    return `printf %s ${shellQuote(exchange.requestBody ?? '')} | base64 -d | ${parts.join(' ')}`;
  }
  if (exchange.requestBody !== undefined) {
    parts.push('--data-binary', shellQuote(exchange.requestBody));
  }
  parts.push('--globoff', shellQuote(exchange.url));
  return parts.join(' ');
}
