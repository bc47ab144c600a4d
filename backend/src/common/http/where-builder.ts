/**
 * Builds a parameterised WHERE clause: each `?` in a condition becomes the
 * next `$n`, values never touch the SQL text.
 */
export class WhereBuilder {
  readonly params: unknown[] = [];
  private readonly clauses: string[] = [];

  /** Adds a condition; one value per `?` (the same value may be given several times). */
  add(condition: string, ...values: unknown[]): this {
    let i = 0;
    const sql = condition.replace(/\?/g, () => {
      this.params.push(values[i++]);
      return `$${this.params.length}`;
    });
    if (i !== values.length) throw new Error(`WhereBuilder: ${values.length} values for ${i} placeholders in "${condition}"`);
    this.clauses.push(sql);
    return this;
  }

  when(test: unknown, condition: string, ...values: unknown[]): this {
    return test === undefined || test === null || test === false ? this : this.add(condition, ...values);
  }

  get sql(): string {
    return this.clauses.length ? `WHERE ${this.clauses.join(' AND ')}` : '';
  }
}
