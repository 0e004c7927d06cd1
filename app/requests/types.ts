/** Shapes of the requests domain shared with other layers and domains (types only). */

/** The answer of an idempotent insert: the new row's id, or `created: false` for a repeat. */
export type StoredRequest = { id: string; created: true } | { id: null; created: false };
