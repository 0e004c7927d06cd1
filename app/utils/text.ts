// docs/decisions/015-unsafe-characters.md. The zero-width joiners stay: emoji and some scripts need them.
const UNSAFE_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u2028-\u202E\u2060\u2066-\u2069\uFEFF]/g;

export function stripUnsafeCharacters(text: string): string {
  return text.replace(UNSAFE_CHARACTERS, "");
}
