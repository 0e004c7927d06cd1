import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translations";
import { NameFields } from "#app/components/ui/account-fields";
import { FormErrors, SubmitButton, TextField, inputClass } from "#app/components/ui/form-field";
import type { Role } from "#app/utils/constants";
import { uiLanguageFor } from "#app/i18n";
import { updateProfile } from "#app/models/users.server";
import { ProfileSchema, profileLanguagesFor } from "#app/utils/forms/account";
import { isStaff, requireUser } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { getRequestI18n, languageCookie, translatorFor } from "#app/i18n.server";
import { getUserAlertCountries, listAlertCountries } from "#app/models/alert-preferences.server";
import { pageMeta } from "#app/utils/meta";
import { loadingTranslations } from "#app/utils/route-translations";

export const handle = { i18n: ["auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

/** Viewing by default; `?edit=1` is the editing mode, so it works without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { t } = await getRequestI18n(request, context, "auth");
  const staff = isStaff(user.role);
  return {
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      role: user.role,
      language: user.language,
    },
    staff,
    // The countries whose new departures the user wants alerts for (sent by the back-office).
    alerts: { countries: await listAlertCountries(context.db), chosen: await getUserAlertCountries(context.db, user.id) },
    editing: new URL(request.url).searchParams.get("edit") === "1",
    title: t(staff ? "profile.staffTitle" : "profile.title"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ProfileSchema(isStaff(user.role)) });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const { phone, ...changes } = submission.value;
  const languageChanged = changes.language !== user.language;
  try {
    await updateProfile(context.db, user.id, { ...changes, phone: phone ?? null }, context.now());
  } catch (error) {
    console.error("profile update failed", error);
    const formErrors = [languageChanged ? "profile.languageError" : "profile.updateError"];
    return data({ result: submission.reply({ formErrors }) }, { status: 500 });
  }

  // The new language shows at once: it becomes the visitor's choice too (D7, step 2).
  const uiLanguage = uiLanguageFor(changes.language)!;
  const t = translatorFor(uiLanguage, "auth");
  return redirectWithToast(
    context,
    "/profile",
    { type: "success", description: t(languageChanged ? "profile.languageUpdated" : "profile.updateSuccess") },
    { headers: { "Set-Cookie": await languageCookie({ secure: !context.env.isLocal }).serialize(uiLanguage) } },
  );
}

const ROLE_BADGE: Record<Role, string> = {
  admin: "bg-purple-100 text-purple-800 ring-purple-300",
  gestionnaire: "bg-blue-100 text-blue-800 ring-blue-300",
  client: "bg-navy-100 text-navy-800 ring-navy-300",
};

export default function ProfilePage() {
  const { profile, staff, editing, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link to={staff ? "/admin" : "/dashboard"} className="text-sm font-semibold text-navy-700 hover:underline">
        <span aria-hidden="true">←</span> {t(staff ? "profile.backToAdmin" : "profile.backToDashboard")}
      </Link>
      <section className="mt-4 rounded-2xl bg-white p-8 shadow-lg">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{title}</h1>
          <span
            data-testid="role-badge"
            data-role={profile.role}
            className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${ROLE_BADGE[profile.role]}`}
          >
            {t(`roles.${profile.role}`)}
          </span>
        </div>
        {editing ? <ProfileForm /> : <ProfileView />}
      </section>
      <AlertsForm />
    </div>
  );
}

function AlertsForm() {
  const { alerts } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/profile/alerts";
  return (
    <section aria-labelledby="alerts-heading" className="mt-8 rounded-2xl bg-white p-8 shadow-lg">
      <h2 id="alerts-heading" className="text-xl font-bold">
        {t("alerts.title")}
      </h2>
      <Form method="post" action="/profile/alerts" className="mt-4">
        <fieldset>
          <legend className="text-navy-700">{t("alerts.intro")}</legend>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {alerts.countries.map((country) => (
              <label key={country} className="flex items-center gap-3">
                <input type="checkbox" name="country" value={country} defaultChecked={alerts.chosen.includes(country)} className="h-5 w-5" />
                <span>{country}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-6">
          <SubmitButton pending={pending} label={t("alerts.save")} pendingLabel={t("alerts.saving")} />
        </div>
      </Form>
    </section>
  );
}

function ProfileView() {
  const { profile } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const rows: Array<[string, string]> = [
    [t("fields.firstName"), profile.firstName],
    [t("fields.lastName"), profile.lastName],
    [t("fields.email"), profile.email],
    [t("fields.phone"), profile.phone ?? t("profile.noPhone")],
    [t("fields.role"), t(`roles.${profile.role}`)],
    [t("fields.language"), t(`languages.${profile.language}`)],
  ];
  return (
    <>
      <dl className="mt-6 divide-y divide-navy-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-4 py-3">
            <dt className="font-semibold text-navy-700">{label}</dt>
            <dd className="col-span-2 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <Link
        to="/profile?edit=1"
        className="mt-6 inline-block rounded-full bg-navy-900 px-6 py-3 font-semibold text-white hover:bg-navy-700"
      >
        {t("profile.edit")}
      </Link>
    </>
  );
}

function ProfileForm() {
  const { profile, staff } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("auth");
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.result,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone ?? "",
      language: profile.language,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema(staff) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const { key: languageKey, ...languageProps } = getSelectProps(fields.language);
  const languageErrorId = `${fields.language.id}-error`;
  return (
    <Form method="post" action="/profile?edit=1" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <NameFields firstName={fields.firstName} lastName={fields.lastName} />
      <div>
        <TextField
          label={t("fields.email")}
          inputProps={{ id: "profile-email", type: "email", value: profile.email, readOnly: true, "aria-describedby": "profile-email-note" }}
        />
        <p id="profile-email-note" className="mt-1 text-sm text-navy-600">
          {t("profile.emailReadOnly")}
        </p>
      </div>
      <TextField
        label={t("fields.phone")}
        inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
        errors={fields.phone.errors}
      />
      <div>
        <label htmlFor={fields.language.id} className="mb-1 block text-sm font-semibold">
          {t("fields.language")}
        </label>
        <select
          key={languageKey}
          {...languageProps}
          className={inputClass}
          aria-invalid={fields.language.errors?.length ? true : undefined}
          aria-describedby={fields.language.errors?.length ? languageErrorId : undefined}
        >
          {profileLanguagesFor(staff).map((language) => (
            <option key={language} value={language}>
              {t(`languages.${language}`)}
            </option>
          ))}
        </select>
        {fields.language.errors?.length ? (
          <ul id={languageErrorId} className="mt-1 text-sm text-red-700">
            {fields.language.errors.map((error) => (
              <li key={error}>{t(error)}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="sm:w-48">
          <SubmitButton pending={navigation.state === "submitting"} label={t("profile.save")} pendingLabel={t("profile.saving")} />
        </div>
        <Link
          to="/profile"
          className="rounded-full border-2 border-navy-900 px-6 py-3 text-center font-semibold hover:bg-navy-900 hover:text-white"
        >
          {t("profile.cancel")}
        </Link>
      </div>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data) : []);
