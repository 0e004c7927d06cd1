export type StoredRequest = { id: string; created: true } | { id: null; created: false };
