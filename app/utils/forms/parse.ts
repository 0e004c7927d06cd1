/**
 * How every form is read, on the server and in the browser alike: one conform parse with
 * one coercion (docs/decisions/014-action-shape.md).
 * - Text: control, bidirectional-override and invisible characters are stripped before
 *   the schema sees the value (docs/decisions/015-unsafe-characters.md), so no name,
 *   city or message can be stored with them; an empty value is a missing one.
 * - Numbers: decimal digits only. `Number()` would read `0x10` as 16 and `4e1` as 40;
 *   anything but digits is NaN here, which the schema refuses with its message.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { configureCoercion } from "@conform-to/zod/v4/future";
import type { $ZodType } from "zod/v4/core";
import { safeRedirect } from "#app/utils/redirects";
import { stripUnsafeCharacters } from "#app/utils/text";

/** One or more decimal digits, at most nine (no form asks for more). */
const DECIMAL = /^\d{1,9}$/;

export function parseDecimal(text: string): number {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const { coerceFormValue } = configureCoercion({
  stripEmptyString: (value) => {
    const cleaned = stripUnsafeCharacters(value);
    return cleaned === "" ? undefined : cleaned;
  },
  type: { number: parseDecimal },
});

/** conform's `parseWithZod` with the app's coercion: use this, never `parseWithZod` itself. */
export function parseForm<Schema extends $ZodType>(
  payload: FormData | URLSearchParams,
  { schema }: { schema: Schema },
) {
  return parseWithZod(payload, { schema: coerceFormValue(schema) as unknown as Schema, disableAutoCoercion: true });
}

/**
 * Step 2 of every action: the request's form, parsed with `schema`. The request guards
 * (server.ts) already refused a body that is not a readable form, so this reads it once.
 */
export async function parseRequest<Schema extends $ZodType>(request: Request, { schema }: { schema: Schema }) {
  return parseForm(await request.formData(), { schema });
}

/**
 * Where a form goes back to: its `redirectTo` field when it is a path of this site
 * (utils/redirects.ts), `fallback` otherwise. Read from the payload, so a refused form
 * goes back too.
 */
export function redirectBack(submission: { payload: Record<string, unknown> }, fallback: string): string {
  return safeRedirect(submission.payload.redirectTo, fallback);
}
