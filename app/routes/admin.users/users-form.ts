import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";

import { type UserAction, UserActionSchema } from "#app/accounts/admin-user-forms";
import { parseForm } from "#app/utils/forms/parse";

export type UserFormResult = SubmissionResult<string[]> | undefined;

export function useUserForm(id: string, lastResult: UserFormResult, defaultValue?: DefaultValue<UserAction>) {
  return useForm<UserAction>({
    id,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseForm(formData, { schema: UserActionSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
