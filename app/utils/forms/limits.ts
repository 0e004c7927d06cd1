/**
 * The lengths the field rules (fields.ts) allow, without zod: a component of every page
 * (the footer's newsletter field) reads MAX_EMAIL from here, so the root chunk does not
 * carry zod (88 KiB of gzipped JavaScript on every page).
 */
export const MAX_EMAIL = 254;
/** Row ids (UUIDs, or the demo's and tests' readable ids) are never longer. */
export const MAX_ID = 64;
export const MAX_NAME = 100;
export const MAX_PHONE = 30;
