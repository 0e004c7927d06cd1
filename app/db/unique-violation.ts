/** drizzle 0.45 wraps D1's error in a `DrizzleQueryError`: the SQLite message is on `cause`. */
export function isUniqueViolation(error: unknown): boolean {
  const messages = [error, (error as { cause?: unknown })?.cause].map((item) =>
    item instanceof Error ? item.message : "",
  );
  return messages.some((message) => message.includes("UNIQUE constraint failed"));
}
