// Stripe's request encoding: `application/x-www-form-urlencoded` bodies (and GET queries) whose keys
// nest with brackets, `metadata[booking]=b1`, `line_items[0][price_data][currency]=jpy`,
// `expand[]=payment_intent`. Numeric or empty brackets make arrays. Values stay strings, as Stripe
// receives them; the endpoints read numbers and booleans from them (`integer`, `flag`).

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

/** `a[b][0][c]` → ['a', 'b', '0', 'c']; `a[]` → ['a', '']. */
function keyPath(key: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return [key];
  return [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])];
}

export function parseForm(params: URLSearchParams): Form {
  const root: Form = {};
  for (const [key, value] of params) {
    const path = keyPath(key);
    let node: Form | FormValue[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]);
      const container = node as Record<string, FormValue>;
      // An empty index appends; for `a[][b]=1&a[][c]=2` Stripe fills one element until a key repeats.
      let slot = part;
      if (Array.isArray(node) && part === '') {
        const tail = node.at(-1);
        const repeats = !tail || typeof tail !== 'object' || Array.isArray(tail) || last || path[i + 1] in tail;
        slot = String(repeats ? node.length : node.length - 1);
      }
      if (last) {
        container[slot] = value;
        return;
      }
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Form | FormValue[];
    });
  }
  return root;
}

/** An integer sent as a string, or undefined when absent; Stripe's error otherwise. */
export function integer(value: FormValue | undefined, fail: (message: string) => never): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) return fail(`Invalid integer: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return Number(value);
}

export function flag(value: FormValue | undefined): boolean | undefined {
  return value === undefined ? undefined : value === 'true';
}

/** A string-to-string map (metadata): Stripe's error for anything else. */
export function stringMap(value: FormValue | undefined, fail: (message: string) => never): Record<string, string> {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value) || Object.values(value).some((v) => typeof v !== 'string')) return fail('Invalid hash');
  return value as Record<string, string>;
}

/** An array param (`enabled_events[0]=…`, `expand[]=…`) as strings. */
export function stringList(value: FormValue | undefined): string[] {
  if (value === undefined) return [];
  const items = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : [value];
  return items.filter((v): v is string => typeof v === 'string');
}
