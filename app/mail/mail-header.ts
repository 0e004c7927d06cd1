/** A CR or LF in a header could start a header of its own ("\r\nBcc: ..."). */
export function headerSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}

export type MailHeaders = Record<string, string>;

/** RFC 2369 and RFC 8058 one-click, which Gmail and Yahoo ask of bulk senders: `url` is absolute and works signed out. */
export function unsubscribeHeaders(url: string): MailHeaders {
  return {
    "List-Unsubscribe": `<${headerSafe(url)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
