/**
 * zod, configured once for both sides: every module imports `z` from here, not from
 * "zod". Jitless: zod 4 otherwise probes `new Function("")` on first parse to decide
 * whether it may compile validators; under our CSP (no 'unsafe-eval') the browser
 * reports the attempt, and Workers forbid it anyway.
 */
import { z as zod } from "zod";

// The configuration is part of the exported value on purpose: package.json declares
// `"sideEffects": false`, so a bare `zod.config(...)` statement in a module that only
// re-exports would be dropped from the browser bundle.
export const z = (zod.config({ jitless: true }), zod);

/** `z.infer`, which a value export cannot carry. */
export type Infer<Schema extends zod.ZodType> = zod.infer<Schema>;
