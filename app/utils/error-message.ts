/** For a stored record, never a log line: a failed query's message lists its bound values (use `logError`). */
export function getErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
