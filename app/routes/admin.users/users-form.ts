import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { UserActionSchema, type UserAction } from "#app/accounts/admin-user-forms";
import { parseForm } from "#app/utils/forms/parse";

/** What the action answered to one of the tab's forms (undefined when it answered another). */
export type UserFormResult = SubmissionResult<string[]> | undefined;

/** A form of the users tab: checked in the browser with the action's schema, on blur, then as one types. */
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
