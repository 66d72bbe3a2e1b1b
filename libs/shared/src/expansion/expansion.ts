/**
 * The set of expansion paths a request asked for. A longer path implies its prefixes:
 * `latestTransaction.transactionItems.billableItem` also expands `latestTransaction`.
 */
export class Expansion<Path extends string = string> {
  private readonly paths = new Set<string>();

  private constructor(requested: readonly string[]) {
    for (const path of requested) {
      const parts = path.split('.');
      for (let length = 1; length <= parts.length; length++) this.paths.add(parts.slice(0, length).join('.'));
    }
  }

  static of<Path extends string>(requested: readonly Path[] | undefined): Expansion<Path> {
    return new Expansion<Path>(requested ?? []);
  }

  static none<Path extends string>(): Expansion<Path> {
    return new Expansion<Path>([]);
  }

  has(path: Path | PrefixOf<Path>): boolean {
    return this.paths.has(path);
  }
}

/** `a` and `a.b` for `a.b.c`. */
type PrefixOf<Path extends string> = Path extends `${infer Head}.${infer Tail}`
  ? Head | `${Head}.${PrefixOf<Tail>}`
  : never;
