/**
 * The pending state of a submit button (Epic Stack's `useIsPending`): true while this
 * page's form (or the one posting to `formAction`, or the one sending `intent`) is on
 * its way. The submit buttons of the posting forms read it; fetcher forms read their
 * fetcher's `state`, and two places read `navigation.state` themselves: the header's
 * sign-out (site-header.tsx) and the empty-leg list's loading (empty-legs.tsx).
 */
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
  /** The `intent` value of the form, where a page has several. */
  intent?: string;
  /** A hidden field and its value that tell one row's form from the others (e.g. an order id). */
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
