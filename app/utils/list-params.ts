import { ORDER_STATUSES, type OrderStatus } from "./constants";
import { stripUnsafeCharacters } from "./text";

export const LIST_PAGE_SIZE = 20;
const MAX_PAGE = 100_000;

// D1 sets SQLite's SQLITE_LIMIT_LIKE_PATTERN_LENGTH to 50 bytes, and one more is a 500 ("LIKE or GLOB pattern too
// complex"). The `%`s and escapes count, and an accented letter is 2 bytes.
export const LIKE_PATTERN_MAX_BYTES = 50;

export function pageParam(params: URLSearchParams | FormData): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

export const pageOffset = (page: number) => (page - 1) * LIST_PAGE_SIZE;

/** A search is one line, and lone surrogates are not text (UTF-8 cannot carry them). */
const UNSEARCHABLE = /[\t\n\r\p{Cs}]/gu;

const escapeLike = (char: string) => (char === "%" || char === "_" || char === "\\" ? `\\${char}` : char);

function utf8Bytes(char: string): number {
  const code = char.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** Walks code points, so it never cuts a letter or a surrogate pair in half. */
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

export function searchTerm(raw: unknown): string {
  if (typeof raw !== "string") return "";
  const cleaned = stripUnsafeCharacters(raw.normalize("NFC")).replace(UNSEARCHABLE, "").trim();
  return fittingPrefix(cleaned).trimEnd();
}

export function searchParam(params: URLSearchParams | FormData): string {
  return searchTerm(params.get("q"));
}

export function containsPattern(text: string): string {
  return `%${Array.from(fittingPrefix(text), escapeLike).join("")}%`;
}

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
