/**
 * The browser's log, for code that runs in the page (entry.client.tsx, the error
 * boundary once hydrated). A page has no log of ours to write to: its only sink is the
 * visitor's own developer console, and nothing written there leaves the device. So the
 * error goes as it is, stack and all, under a stable event name, for whoever opens the
 * console (a developer, or a customer helped by support). Sending browser errors
 * anywhere would be a new decision (and a consent question), not a log line.
 *
 * With utils/request-log.server.ts (the Worker's structured logs), this is the only
 * module allowed `console` (eslint `no-console`).
 */
export function logClientError(event: string, error: unknown) {
  console.error(event, error);
}
