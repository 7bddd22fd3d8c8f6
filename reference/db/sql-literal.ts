// Bulk loading: rows become multi-row INSERT statements with inline literals, which PGlite runs
// far faster than one parameterised statement per row.
import type { PGlite } from '@electric-sql/pglite';

export type SqlValue = string | number | bigint | boolean | null | Uint8Array | object;

function sqlLiteral(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (value instanceof Uint8Array) return `'\\x${Buffer.from(value).toString('hex')}'::bytea`;
  return `'${JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)).replaceAll("'", "''")}'::jsonb`;
}

const ROWS_PER_STATEMENT = 500;

export async function insertRows(db: PGlite, table: string, columns: readonly string[], rows: ReadonlyArray<readonly SqlValue[]>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const values = rows
      .slice(start, start + ROWS_PER_STATEMENT)
      .map((row) => {
        if (row.length !== columns.length) throw new Error(`${table}: row has ${row.length} values for ${columns.length} columns`);
        return `(${row.map(sqlLiteral).join(',')})`;
      })
      .join(',\n');
    await db.exec(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${values}`);
  }
}
