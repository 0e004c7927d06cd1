/**
 * Step 4 of every action (docs/decisions/014-action-shape.md): the outcome becomes the
 * response in one of two ways.
 * - `replyToForm`: the form is shown again with conform's result (field errors and the
 *   form error: the schema's translation keys, which the page's fields translate, or a
 *   service refusal's text, already translated where the page shows it as it is), a 4xx,
 *   and an optional toast; nothing typed is lost.
 * - `redirectWithToast` (app/utils/toast.server.ts): the work is done, or the form was a
 *   button with nothing to show again; the next page says what happened.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import type { ToastInput } from "#app/utils/toast";
import { createToastHeaders } from "#app/utils/toast.server";

type ReplyOptions = {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
  resetForm?: boolean;
};
/** What `parseForm` gives back: conform's submission, which knows how to reply. */
type Replyable = { reply: (options?: ReplyOptions) => SubmissionResult<string[]> };

export type OutcomeReason<Outcome> = Outcome extends { ok: false; reason: infer Reason } ? Reason : never;

/**
 * The form again, with `status` (400 unless said otherwise): the schema's errors, or
 * `formError` for a refusal of the service. `extra` is more data for
 * the page (which form answered, what was sent).
 */
export async function replyToForm<Extra extends Record<string, unknown> = Record<never, never>>(
  context: AppLoadContext,
  submission: Replyable,
  {
    status = 400,
    formError,
    fieldErrors,
    hideFields,
    resetForm,
    toast,
    extra,
  }: {
    status?: number;
    formError?: string;
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
    resetForm?: boolean;
    toast?: ToastInput;
    extra?: Extra;
  } = {},
) {
  const result = submission.reply({
    formErrors: formError ? [formError] : undefined,
    fieldErrors,
    hideFields,
    resetForm,
  });
  const headers = toast ? await createToastHeaders(context, toast) : undefined;
  return data({ result, ...(extra ?? ({} as Extra)) }, { status, headers });
}
