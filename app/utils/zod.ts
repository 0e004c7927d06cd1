// Every module imports `z` from here: docs/speed.md 'What a page's JavaScript leaves out'.
import { config, type z as zod } from "zod";

export { z } from "zod";

export type Infer<Schema extends zod.ZodType> = zod.infer<Schema>;

// Under our CSP (no 'unsafe-eval') zod 4's probe of `new Function("")` is reported: jitless, kept by "sideEffects".
config({ jitless: true });
