/**
 * The values of one statement's parameters, numbered as they are added: `add` keeps a value and
 * answers the placeholder that stands for it (`$1`, `$2`, …), so a statement is written in the
 * order its values are given and no placeholder is counted by hand.
 */
export class SqlParams {
  private readonly list: unknown[];

  /** `values` are `$1` onwards: those a statement writes in its text as it starts. */
  constructor(...values: unknown[]) {
    this.list = values;
  }

  /** Keeps `value` and answers its placeholder: `$3` for the third. */
  add(value: unknown): string {
    this.list.push(value);
    return `$${this.list.length}`;
  }

  /** The values so far, in the order of their placeholders: a copy, which later `add`s leave as it is. */
  get values(): unknown[] {
    return [...this.list];
  }
}
