import { parse } from 'node:querystring';

/**
 * The query parser of every route. Lists take array parameters as `x=a&x=b` or `x[]=a&x[]=b`
 * (and `x=a,b`, split by the DTOs); nothing else is nested, so this replaces Express's `qs`-based
 * extended parser, which costs more than many a route's own work. `a[b]=c` stays a key of its
 * own and is refused as an unknown field.
 */
export function parseQueryString(query: string): Record<string, string | string[]> {
  const parameters = new Map<string, string | string[]>();
  for (const [key, value] of Object.entries(parse(query))) {
    const isList = key.endsWith('[]');
    const name = isList ? key.slice(0, -2) : key;
    const values = Array.isArray(value) ? value : [value ?? ''];
    const earlier = parameters.get(name);
    if (earlier !== undefined) parameters.set(name, [earlier, values].flat());
    else parameters.set(name, isList || values.length > 1 ? values : values[0]);
  }
  return Object.fromEntries(parameters);
}
