// WHERE clauses from validated filters, with numbered parameters for PGlite.
import type { Filter, Operator } from './query-params.ts';

const SQL_OPERATOR: Record<Operator, string> = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

export class SqlConditions {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  /** A placeholder ($n) bound to the value. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  add(condition: string): this {
    this.parts.push(condition);
    return this;
  }

  /**
   * `cast` is appended to each placeholder (e.g. `::numeric` for entity keys beyond bigint).
   * Range operators are AND-ed; equalities are OR-ed (`or`) or AND-ed (`and`) among themselves.
   * Returns the condition text without adding it.
   */
  filterExpression<T>(column: string, filters: readonly Filter<T>[], equalities: 'or' | 'and' = 'and', cast = ''): string | null {
    if (!filters.length) return null;
    const eqs = filters.filter((f) => f.op === 'eq').map((f) => `${column} = ${this.param(f.value)}${cast}`);
    const others = filters.filter((f) => f.op !== 'eq').map((f) => `${column} ${SQL_OPERATOR[f.op]} ${this.param(f.value)}${cast}`);
    const parts = [...others];
    if (eqs.length) parts.push(equalities === 'or' && eqs.length > 1 ? `(${eqs.join(' OR ')})` : eqs.join(' AND '));
    return parts.join(' AND ');
  }

  filter<T>(column: string, filters: readonly Filter<T>[], equalities: 'or' | 'and' = 'and', cast = ''): this {
    const expression = this.filterExpression(column, filters, equalities, cast);
    if (expression) this.add(expression);
    return this;
  }

  where(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}
