import { Form } from "@remix-run/react";
import { SubmitButton } from "#app/components/ui/form-field";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

/** Where the alert form posts (routes/profile_.alerts.tsx), which comes back to /profile. */
const ALERTS_ACTION = "/profile/alerts";

/** The countries whose new departures the user wants alerts for (sent by the back-office). */
export function AlertsForm({ countries, chosen }: { countries: string[]; chosen: string[] }) {
  const { t } = useTranslation("auth");
  const pending = useIsPending({ formAction: ALERTS_ACTION });
  return (
    <section aria-labelledby="alerts-heading" className="mt-8 rounded-2xl bg-white p-8 shadow-lg">
      <h2 id="alerts-heading" className="text-xl font-bold">
        {t("alerts.title")}
      </h2>
      <Form method="post" action={ALERTS_ACTION} className="mt-4">
        <fieldset>
          <legend className="text-navy-700">{t("alerts.intro")}</legend>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {countries.map((country) => (
              <label key={country} className="flex items-center gap-3">
                <input type="checkbox" name="country" value={country} defaultChecked={chosen.includes(country)} className="h-5 w-5" />
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
