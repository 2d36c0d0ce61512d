/** `q` as a LIKE pattern that matches only itself: `%`, `_` and `\` (the escape) lose their meaning. */
export function likeLiteral(q: string): string {
  return q.replace(/[\\%_]/g, '\\$&');
}
