// zod builds fast object parsers with `new Function` when it may, and probes for that when the
// contract's schemas are created; the app's CSP forbids eval, so the probe is a CSP violation.
// `jitless` makes zod parse without compiling. zod 4 keeps its configuration on
// globalThis.__zod_globalConfig (the object `config()` of zod/v4/core writes; zodJitless.test.ts
// holds it to that). A classic deferred script runs before the app's module chunks evaluate, and
// keeps zod out of the home page's chunk (decision 0006).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
