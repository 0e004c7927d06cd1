/**
 * Text that goes into a mail header (a subject built from a customer's name, say)
 * loses its control characters: a CR or LF there could start a header of its own
 * ("\r\nBcc: ..."). Runs of them become one space.
 */
export function headerSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}
