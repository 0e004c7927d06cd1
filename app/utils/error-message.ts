/**
 * The message of something thrown: an `Error`'s message, else the value as text. For a
 * stored record or a developer's answer (the outbox row's last error, a sync run's
 * error), never for a log line: a failed query's message lists its bound values, so a
 * log takes the error through `logError` / `describeError` (request-log.server.ts).
 */
export function getErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
