import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { FormAlert, FormField, inputClass, SubmitButton } from "#app/components/ui/form-field";
import { cityName, sortByName } from "#app/content/city-names";
import { getRequestI18n } from "#app/i18n.server";
import { submitCustomRequest } from "#app/requests/custom-request.server";
import { CUSTOM_DEPARTURES, customRequestSchema, MAX_PASSENGERS } from "#app/requests/request-forms";
import { REQUEST_REFUSAL_STATUS } from "#app/requests/submit-request.server";
import { clientIp } from "#app/utils/client-key.server";
import { zurichDay } from "#app/utils/format";
import { isCalendarDay } from "#app/utils/forms/fields";
import { parseForm, parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { replyToForm } from "#app/utils/reply.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

/** What a cancelled flight's link may fill in (decision 032); anything else stays empty. */
function prefillOf(url: URL, today: string) {
  const departure = url.searchParams.get("departure") ?? "";
  const arrival = (url.searchParams.get("arrival") ?? "").trim().slice(0, 100);
  const date = url.searchParams.get("date") ?? "";
  return {
    ...((CUSTOM_DEPARTURES as readonly string[]).includes(departure) ? { departure } : {}),
    ...(arrival ? { arrival } : {}),
    ...(isCalendarDay(date) && date >= today ? { date } : {}),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language, t } = await getRequestI18n(request, context, "catalogue");
  const today = zurichDay(context.now());
  return {
    today,
    prefill: prefillOf(new URL(request.url), today),
    // The value stays the stored name; the label is the city in the reader's language.
    departures: sortByName(
      CUSTOM_DEPARTURES.map((value) => ({ value, label: cityName(value, language) })),
      (departure) => departure.label,
      language,
    ),
    idempotencyKey: crypto.randomUUID(),
    meta: { title: `${t("custom.title")} – JetMalin`, description: t("custom.intro") },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseRequest(request, { schema: customRequestSchema(zurichDay(context.now())) });
  if (submission.status !== "success") return replyToForm(context, submission);
  const { language, t } = await getRequestI18n(request, context, "catalogue");
  const outcome = await submitCustomRequest(context, { input: submission.value, language, ip: clientIp(request) });
  if (outcome.ok)
    return redirectWithToast(context, "/custom-flight", { type: "success", description: t("custom.success") });
  // One failure text, whatever the reason.
  const message = t("custom.failure");
  return replyToForm(context, submission, {
    status: REQUEST_REFUSAL_STATUS[outcome.reason],
    formError: message,
    toast: { type: "error", description: message },
  });
}

export default function CustomFlightPage() {
  const { today, departures, idempotencyKey, prefill } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("catalogue");
  const pending = useIsPending();
  const schema = customRequestSchema(today);
  const [form, fields] = useForm({
    // A request sent comes back through the loader with a new key: a new form id makes conform
    // empty the form, as the page reloaded without JavaScript does (and the next request is a new one).
    id: `custom-flight-${idempotencyKey}`,
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { ...prefill, idempotencyKey },
    onValidate: ({ formData }) => parseForm(formData, { schema }),
  });

  const input = (
    name: "arrival" | "date" | "passengers" | "firstName" | "lastName" | "email" | "phone",
    type: "text" | "date" | "number" | "email" | "tel",
    extra: Record<string, string | number> = {},
  ) => {
    const field = fields[name] as Parameters<typeof getInputProps>[0];
    return (
      <FormField
        namespace="catalogue"
        id={field.id}
        label={t(`custom.fields.${name}`)}
        errorId={field.errorId}
        errors={field.errors as string[] | undefined}
      >
        <input {...getInputProps(field, { type })} key={field.key} {...extra} className={inputClass} />
      </FormField>
    );
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">{t("custom.title")}</h1>
      <p className="mt-3 text-lg text-navy-700">{t("custom.intro")}</p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-8 space-y-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100"
      >
        <input {...getInputProps(fields.idempotencyKey, { type: "hidden" })} key={fields.idempotencyKey.key} />
        <FormAlert id={form.errorId} messages={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            namespace="catalogue"
            id={fields.departure.id}
            label={t("custom.fields.departure")}
            errorId={fields.departure.errorId}
            errors={fields.departure.errors}
          >
            <select {...getSelectProps(fields.departure)} key={fields.departure.key} className={inputClass}>
              <option value="">{t("custom.chooseDeparture")}</option>
              {departures.map((departure) => (
                <option key={departure.value} value={departure.value}>
                  {departure.label}
                </option>
              ))}
            </select>
          </FormField>
          {input("arrival", "text")}
          {input("date", "date", { min: today })}
          {input("passengers", "number", { min: 1, max: MAX_PASSENGERS, inputMode: "numeric" })}
          {input("firstName", "text", { autoComplete: "given-name" })}
          {input("lastName", "text", { autoComplete: "family-name" })}
          {input("email", "email", { autoComplete: "email" })}
          {input("phone", "tel", { autoComplete: "tel" })}
        </div>
        <SubmitButton
          variant="accent"
          pending={pending}
          label={t("custom.submit")}
          pendingLabel={t("custom.submitting")}
        />
      </Form>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.meta);
