// Status timestamps carry offsets (+05:30, -05:00, Z): they are compared as instants, never as text.
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)$/;

/** Milliseconds since the epoch of an ISO-8601 date-time with a Z or numeric offset; undefined when it is not one. */
export function parseIsoInstant(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = '0', frac = '0', zone] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(frac.padEnd(3, '0').slice(0, 3)));
  const back = new Date(utc);
  // Date.UTC rolls 2025-02-30 over to March: a field out of range is not a date-time.
  if (back.getUTCMonth() !== Number(mo) - 1 || back.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  if (zone === 'Z') return utc;
  const sign = zone!.startsWith('-') ? -1 : 1;
  const digits = zone!.slice(1).replace(':', '');
  const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  return utc - sign * offsetMinutes * 60_000;
}
