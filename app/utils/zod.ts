/**
 * zod, configured once for both sides: every module imports `z` from here, not from
 * "zod". Jitless: zod 4 otherwise probes `new Function("")` on first parse to decide
 * whether it may compile validators; under our CSP (no 'unsafe-eval') the browser
 * reports the attempt, and Workers forbid it anyway.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
