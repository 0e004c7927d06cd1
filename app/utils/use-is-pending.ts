import { useFormAction, useNavigation } from "@remix-run/react";

export function useIsPending({
  formAction,
  formMethod = "POST",
  intent,
  field,
  state = "non-idle",
}: {
  formAction?: string;
  formMethod?: "POST" | "GET";
  intent?: string;
  field?: [name: string, value: string];
  /** "submitting" ignores the loading that follows the action. */
  state?: "submitting" | "loading" | "non-idle";
} = {}): boolean {
  const contextualFormAction = useFormAction();
  const navigation = useNavigation();
  const inState = state === "non-idle" ? navigation.state !== "idle" : navigation.state === state;
  if (!inState || navigation.formMethod?.toUpperCase() !== formMethod) return false;
  if (navigation.formAction !== (formAction ?? contextualFormAction)) return false;
  if (intent !== undefined && navigation.formData?.get("intent") !== intent) return false;
  if (field !== undefined && navigation.formData?.get(field[0]) !== field[1]) return false;
  return true;
}
