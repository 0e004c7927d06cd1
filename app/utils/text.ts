/**
 * Characters no text of the app keeps (docs/decisions/015-unsafe-characters.md): C0 and
 * C1 controls (tab and line breaks kept for text areas), DEL, the Arabic letter mark,
 * zero-width space, the bidirectional marks, embeddings, overrides and isolates, line and
 * paragraph separators, the word joiner and the byte-order mark. The zero-width joiners
 * (U+200C, U+200D) stay: emoji and some scripts need them. Pure and dependency-free: forms
 * (utils/forms/parse.ts) and searches (utils/list-params.ts) both use it.
 */
const UNSAFE_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u2028-\u202E\u2060\u2066-\u2069\uFEFF]/g;

export function stripUnsafeCharacters(text: string): string {
  return text.replace(UNSAFE_CHARACTERS, "");
}
