// How every form is read: decisions 014 and 015. Numbers are decimal digits only: `Number()` reads `0x10` as 16.
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

/** Use this, never `parseWithZod` itself. */
export function parseForm<Schema extends $ZodType>(
  payload: FormData | URLSearchParams,
  { schema }: { schema: Schema },
) {
  return parseWithZod(payload, { schema: coerceFormValue(schema) as unknown as Schema, disableAutoCoercion: true });
}

export async function parseRequest<Schema extends $ZodType>(request: Request, { schema }: { schema: Schema }) {
  return parseForm(await request.formData(), { schema });
}

/** Read from the payload, so a refused form goes back too. */
export function redirectBack(submission: { payload: Record<string, unknown> }, fallback: string): string {
  return safeRedirect(submission.payload.redirectTo, fallback);
}
