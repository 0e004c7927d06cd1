import { Form } from "@remix-run/react";

import { SubmitButton } from "#app/components/ui/form-field";
import { ALERT_WEEKLY_CAPS, ALERT_WINDOWS, SEARCH_RADII_KM } from "#app/utils/constants";
import { useTranslation } from "#app/utils/translations";
import { useCountryName } from "#app/utils/use-country-name";
import { useIsPending } from "#app/utils/use-is-pending";
import { useCityName } from "#app/utils/use-language";

import { PushDevices, type PushSectionData } from "./push-devices";

const ALERTS_ACTION = "/profile/alerts";

type Place = { kind: "city" | "country"; value: string };
export type AlertsSectionData = PushSectionData & {
  places: { cities: string[]; countries: string[] };
  watches: Array<{ id: number; from: Place; to: Place | null; windowDays: number; radiusKm: number }>;
  weeklyCap: number | null;
  maxWatches: number;
};

const SELECT = "mt-1 w-full rounded-lg border border-navy-200 px-3 py-2";

export function AlertsForm({ places, watches, weeklyCap, maxWatches, ...push }: AlertsSectionData) {
  const { t } = useTranslation("auth");
  const city = useCityName();
  const country = useCountryName();
  const placeName = (place: Place) => (place.kind === "city" ? city(place.value) : country(place.value));
  const describe = (watch: AlertsSectionData["watches"][number]) => {
    const from =
      watch.radiusKm > 0
        ? t("alerts.fromAround", { from: placeName(watch.from), km: watch.radiusKm })
        : placeName(watch.from);
    return watch.to
      ? t("alerts.watchRoute", { from, to: placeName(watch.to), days: watch.windowDays })
      : t("alerts.watchFrom", { from, days: watch.windowDays });
  };
  return (
    <section aria-labelledby="alerts-heading" className="mt-8 rounded-2xl bg-white p-8 shadow-lg">
      <h2 id="alerts-heading" className="text-xl font-bold">
        {t("alerts.title")}
      </h2>
      <p className="mt-2 text-navy-700">{t("alerts.intro")}</p>
      {watches.length === 0 ? (
        <p className="mt-4">{t("alerts.none")}</p>
      ) : (
        <ul aria-label={t("alerts.listLabel")} className="mt-4 divide-y divide-navy-100">
          {watches.map((watch) => (
            <WatchRow key={watch.id} id={watch.id} text={describe(watch)} />
          ))}
        </ul>
      )}
      {watches.length >= maxWatches ? (
        <p className="mt-6 text-navy-700">{t("alerts.full", { max: maxWatches })}</p>
      ) : (
        <AddWatchForm places={places} placeName={placeName} />
      )}
      <CapForm weeklyCap={weeklyCap} />
      <PushDevices {...push} />
    </section>
  );
}

function WatchRow({ id, text }: { id: number; text: string }) {
  const { t } = useTranslation("auth");
  const pending = useIsPending({ formAction: ALERTS_ACTION, intent: "removeWatch", field: ["watchId", String(id)] });
  return (
    <li className="flex items-center justify-between gap-4 py-2">
      <span>{text}</span>
      <Form method="post" action={ALERTS_ACTION}>
        <input type="hidden" name="intent" value="removeWatch" />
        <input type="hidden" name="watchId" value={id} />
        <button
          type="submit"
          aria-label={t("alerts.removeLabel", { watch: text })}
          disabled={pending}
          className="text-sm font-semibold text-red-700 underline"
        >
          {pending ? t("alerts.removing") : t("alerts.remove")}
        </button>
      </Form>
    </li>
  );
}

function PlaceOptions({
  places,
  placeName,
}: {
  places: AlertsSectionData["places"];
  placeName: (place: Place) => string;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <optgroup label={t("alerts.cities")}>
        {places.cities.map((value) => (
          <option key={value} value={`city:${value}`}>
            {placeName({ kind: "city", value })}
          </option>
        ))}
      </optgroup>
      <optgroup label={t("alerts.countries")}>
        {places.countries.map((value) => (
          <option key={value} value={`country:${value}`}>
            {placeName({ kind: "country", value })}
          </option>
        ))}
      </optgroup>
    </>
  );
}

function AddWatchForm({
  places,
  placeName,
}: {
  places: AlertsSectionData["places"];
  placeName: (place: Place) => string;
}) {
  const { t } = useTranslation("auth");
  const pending = useIsPending({ formAction: ALERTS_ACTION, intent: "addWatch" });
  return (
    <Form method="post" action={ALERTS_ACTION} className="mt-6">
      <fieldset>
        <legend className="font-semibold">{t("alerts.addTitle")}</legend>
        <input type="hidden" name="intent" value="addWatch" />
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <label className="block">
            <span>{t("alerts.from")}</span>
            <select name="from" required defaultValue="" className={SELECT}>
              <option value="" disabled>
                {t("alerts.choose")}
              </option>
              <PlaceOptions places={places} placeName={placeName} />
            </select>
          </label>
          <label className="block">
            <span>{t("alerts.radius")}</span>
            <select name="radiusKm" defaultValue="0" aria-describedby="alerts-radius-hint" className={SELECT}>
              {SEARCH_RADII_KM.map((km) => (
                <option key={km} value={km}>
                  {km === 0 ? t("alerts.radiusExact") : t("alerts.radiusAround", { km })}
                </option>
              ))}
            </select>
            <span id="alerts-radius-hint" className="mt-1 block text-sm text-navy-600">
              {t("alerts.radiusHint")}
            </span>
          </label>
          <label className="block">
            <span>{t("alerts.to")}</span>
            <select name="to" defaultValue="" className={SELECT}>
              <option value="">{t("alerts.anywhere")}</option>
              <PlaceOptions places={places} placeName={placeName} />
            </select>
          </label>
          <label className="block">
            <span>{t("alerts.window")}</span>
            <select name="windowDays" defaultValue={String(ALERT_WINDOWS[0])} className={SELECT}>
              {ALERT_WINDOWS.map((days) => (
                <option key={days} value={days}>
                  {t("alerts.windowDays", { days })}
                </option>
              ))}
            </select>
          </label>
        </div>
      </fieldset>
      <div className="mt-4">
        <SubmitButton pending={pending} label={t("alerts.add")} pendingLabel={t("alerts.adding")} />
      </div>
    </Form>
  );
}

function CapForm({ weeklyCap }: { weeklyCap: number | null }) {
  const { t } = useTranslation("auth");
  const pending = useIsPending({ formAction: ALERTS_ACTION, intent: "setCap" });
  return (
    <Form method="post" action={ALERTS_ACTION} className="mt-8 border-t border-navy-100 pt-6">
      <h3 className="font-semibold">{t("alerts.capTitle")}</h3>
      <input type="hidden" name="intent" value="setCap" />
      <label className="mt-3 block max-w-sm">
        <span>{t("alerts.cap")}</span>
        <select
          name="cap"
          defaultValue={weeklyCap === null ? "" : String(weeklyCap)}
          aria-describedby="alerts-cap-hint"
          className={SELECT}
        >
          <option value="">{t("alerts.noCap")}</option>
          {ALERT_WEEKLY_CAPS.map((cap) => (
            <option key={cap} value={cap}>
              {t("alerts.capValue", { count: cap })}
            </option>
          ))}
        </select>
      </label>
      <p id="alerts-cap-hint" className="mt-1 text-sm text-navy-600">
        {t("alerts.capHint")}
      </p>
      <div className="mt-4">
        <SubmitButton pending={pending} label={t("alerts.saveCap")} pendingLabel={t("alerts.savingCap")} />
      </div>
    </Form>
  );
}
