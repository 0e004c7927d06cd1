// Step 4 of every action: docs/decisions/014-action-shape.md.
import type { SubmissionResult } from "@conform-to/react";
import { type AppLoadContext, data } from "@remix-run/cloudflare";

import type { ToastInput } from "#app/utils/toast";
import { createToastHeaders } from "#app/utils/toast.server";

type ReplyOptions = {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
  resetForm?: boolean;
};
type Replyable = { reply: (options?: ReplyOptions) => SubmissionResult<string[]> };

export type OutcomeReason<Outcome> = Outcome extends { ok: false; reason: infer Reason } ? Reason : never;

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
