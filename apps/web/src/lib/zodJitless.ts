// zod builds fast object parsers with `new Function` when it may, and probes for that the first
// time an object schema parses; the app's CSP forbids eval, so the probe is a CSP violation.
// `jitless` makes zod parse without compiling. zod 4 keeps its configuration on
// globalThis.__zod_globalConfig (the object `config()` of zod/v4/core writes; zodJitless.test.ts
// holds it to that). This module is the entry's first import, so it runs before any chunk that
// holds zod, and zod stays out of the entry's chunk (decision 0006).
const scope = globalThis as { __zod_globalConfig?: object };
scope.__zod_globalConfig = Object.assign(scope.__zod_globalConfig ?? {}, { jitless: true });

export {};
