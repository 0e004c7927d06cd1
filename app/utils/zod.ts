/**
 * zod, configured once for both sides: every module imports `z` from here, not from "zod".
 * `z` is re-exported as zod's namespace, never held in a value: a value keeps the whole
 * namespace in the browser bundle, the forty locales of its messages included (380 KB
 * before compression), where the namespace keeps only what the schemas use.
 */
import { config, type z as zod } from "zod";

export { z } from "zod";

/** `z.infer`, which a value export cannot carry. */
export type Infer<Schema extends zod.ZodType> = zod.infer<Schema>;

// Jitless: zod 4 otherwise probes `new Function("")` to decide whether it may compile a
// validator, when an object schema is built; under our CSP (no 'unsafe-eval') the browser
// reports the attempt (Workers refuse it, and zod does not try there). This module runs
// before the modules that import it build their schemas; package.json lists it in
// "sideEffects" so that the bundler keeps this statement (it drops the statements of a
// module whose exports are all re-exports).
config({ jitless: true });
