/**
 * Text that goes into a mail header (a subject built from a customer's name, say)
 * loses its control characters: a CR or LF there could start a header of its own
 * ("\r\nBcc: ..."). Runs of them become one space.
 */
export function headerSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}

/** Headers a mail carries beyond From, To and Subject, by name (JSON in mail_outbox.headers). */
export type MailHeaders = Record<string, string>;

/**
 * The unsubscribe headers of a bulk mail: the link (RFC 2369) and the promise that a bare
 * POST to it unsubscribes (RFC 8058 one-click), which Gmail and Yahoo ask of bulk senders.
 * `url` must be absolute (https in production) and work without signing in.
 */
export function unsubscribeHeaders(url: string): MailHeaders {
  return {
    "List-Unsubscribe": `<${headerSafe(url)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
