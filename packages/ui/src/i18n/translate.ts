/** A catalogue: one namespace in one language, as its JSON file holds it. */
export type Dict = { readonly [key: string]: string | Dict };
export type Vars = Record<string, string | number>;

/** The dotted keys of a catalogue's strings: `{ a: { b: 'x' } }` -> `'a.b'`. */
export type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** The string at `key` with its `{{name}}` placeholders filled from `vars`; the key itself when missing. */
export function translate(dict: Dict, key: string, vars?: Vars): string {
  let node: string | Dict | undefined = dict;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') return key;
  return vars ? node.replace(/\{\{(\w+)\}\}/g, (all, name: string) => String(vars[name] ?? all)) : node;
}
