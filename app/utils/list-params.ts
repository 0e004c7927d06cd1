/**
 * The query parameters every back-office list reads from its URL (or its export form),
 * and the one LIKE pattern its search becomes: one rule for the page, one for the search.
 */
import { ORDER_STATUSES, type OrderStatus } from "./constants";
import { stripUnsafeCharacters } from "./text";

/** Rows a page of a back-office list (docs/back-office.md: 20 a page everywhere). */
export const LIST_PAGE_SIZE = 20;
const MAX_PAGE = 100_000;

/**
 * The longest LIKE pattern D1 accepts, in UTF-8 bytes: D1 sets SQLite's
 * SQLITE_LIMIT_LIKE_PATTERN_LENGTH to 50, and one byte more answers "LIKE or GLOB pattern
 * too complex", a 500. The `%` on each side and every escape count,
 * and an accented letter is 2 bytes: 24 'é' or 48 ASCII letters at most.
 */
export const LIKE_PATTERN_MAX_BYTES = 50;

/** The page number of a list's URL: a whole number from 1, anything else is 1. */
export function pageParam(params: URLSearchParams | FormData): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** The rows a page skips. */
export const pageOffset = (page: number) => (page - 1) * LIST_PAGE_SIZE;

/**
 * What a search drops besides the characters no text keeps (utils/text.ts): tab and line
 * breaks (a search is one line) and lone surrogates (not text: UTF-8 cannot carry them).
 */
const UNSEARCHABLE = /[\t\n\r\p{Cs}]/gu;

/** LIKE's own wildcards and the escape character, taken literally with `escape '\'`. */
const escapeLike = (char: string) => (char === "%" || char === "_" || char === "\\" ? `\\${char}` : char);

/** UTF-8 bytes of one code point (a lone surrogate travels as U+FFFD: 3 bytes). */
function utf8Bytes(char: string): number {
  const code = char.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/**
 * The longest start of `text` whose `%…%` pattern, escapes included, fits in
 * LIKE_PATTERN_MAX_BYTES. It walks code points, so it never cuts a letter or a
 * surrogate pair in half.
 */
function fittingPrefix(text: string): string {
  let bytes = 2; // the two `%`
  let end = 0;
  for (const char of text) {
    bytes += utf8Bytes(char) + (escapeLike(char) === char ? 0 : 1); // an escape is one more byte
    if (bytes > LIKE_PATTERN_MAX_BYTES) break;
    end += char.length;
  }
  return text.slice(0, end);
}

/**
 * A list's search term from whatever the URL or form gave: trimmed, in NFC (as typed
 * letters are stored), without control or bidi characters, and cut to what
 * `containsPattern` can send to D1, so the page shows exactly what was searched.
 */
export function searchTerm(raw: unknown): string {
  if (typeof raw !== "string") return "";
  const cleaned = stripUnsafeCharacters(raw.normalize("NFC")).replace(UNSEARCHABLE, "").trim();
  return fittingPrefix(cleaned).trimEnd();
}

/** A list's search text (`q`), through the one rule. */
export function searchParam(params: URLSearchParams | FormData): string {
  return searchTerm(params.get("q"));
}

/**
 * `%text%` for `like … escape '\'`, LIKE's wildcards taken literally. Never over
 * LIKE_PATTERN_MAX_BYTES whatever it is given: a longer text is cut to its longest
 * start that fits, so a search finds at least what it would have found.
 */
export function containsPattern(text: string): string {
  return `%${Array.from(fittingPrefix(text), escapeLike).join("")}%`;
}

/**
 * The orders tab's filter from its query or its export form: a known status or none, the
 * search, and `payment=refundFailed` for the refunds the provider refused (decision 032).
 */
export function orderFilterFrom(params: URLSearchParams | FormData): {
  status: OrderStatus | null;
  search: string;
  refundToHandle: boolean;
} {
  const status = params.get("status");
  return {
    status: ORDER_STATUSES.find((value) => value === status) ?? null,
    search: searchParam(params),
    refundToHandle: params.get("payment") === "refundFailed",
  };
}
