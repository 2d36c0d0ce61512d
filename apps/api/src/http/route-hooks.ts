/**
 * A route's hooks of one kind as a list (Fastify takes one function or an array): plugins add a
 * hook to the routes that need it from an onRoute hook, so a route that needs none (a public read)
 * runs none, instead of a global hook that looks at every request and lets most of them through.
 */
export function asList<H>(hooks: H | H[] | undefined): H[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
