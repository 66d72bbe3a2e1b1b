import { hash } from 'node:crypto';

/**
 * At most this many statement texts get a name. Each name is parsed once per pool connection and
 * kept by that PostgreSQL backend (and by `pg`) until the connection closes, so the texts a
 * process can name are bounded; any text beyond them is sent unnamed, as before.
 */
export const MAX_NAMED_STATEMENTS = 500;

/**
 * Names for server-side prepared statements: a named statement is parsed once per connection,
 * and after five executions PostgreSQL may keep a generic plan, so a repeated read skips parsing
 * and, usually, planning. A name is a hash of the text, the same in every process (the bench
 * baselines name theirs with this too), so a name never stands for two texts. Off
 * (`DATABASE_PREPARED_STATEMENTS=false`) every statement goes unnamed: PgBouncer before 1.21 in
 * transaction mode hands a connection's statements to other clients' connections.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly enabled = true) {}

  /** The name to send `text` under, or `undefined` to send it unnamed. */
  of(text: string): string | undefined {
    if (!this.enabled) return undefined;
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_NAMED_STATEMENTS) {
      name = statementNameOf(text);
      this.names.set(text, name);
    }
    return name;
  }
}

/**
 * `<command>_<table>_<hash>` (`select_providers_3f…`): 24 hex digits (96 bits) of the text's
 * SHA-256 make it unique; the words keep traces readable, where pg spans are named after it
 * (`pg.query:select_providers_…`). At most 6 + 30 + 24 + 2 characters, under PostgreSQL's 63.
 */
export function statementNameOf(text: string): string {
  const command = /^\s*([a-z]+)/i.exec(text)?.[1].toLowerCase().slice(0, 6) ?? 'sql';
  const table = outerTableOf(text)?.slice(0, 30);
  const digest = hash('sha256', text).slice(0, 24);
  return [command, table, digest].filter(Boolean).join('_');
}

/** The table after the first `from` outside parentheses: not one of a computed column's subquery. */
function outerTableOf(text: string): string | undefined {
  const from = /\(|\)|\bfrom\s+([a-z_][a-z0-9_]*)/gi;
  let depth = 0;
  for (let match = from.exec(text); match; match = from.exec(text)) {
    if (match[0] === '(') depth += 1;
    else if (match[0] === ')') depth -= 1;
    else if (depth === 0) return match[1].toLowerCase();
  }
  return undefined;
}
