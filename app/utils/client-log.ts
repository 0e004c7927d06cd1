// The browser's log: its only sink is the visitor's console (decision 017); one of the two modules allowed `console`.
export function logClientError(event: string, error: unknown) {
  console.error(event, error);
}
