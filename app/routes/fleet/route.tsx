import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import { buttonClassName } from "#app/components/ui/button";
import { FLEET } from "#app/content/fleet";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";
import { useTranslation } from "#app/utils/translations";

import { AircraftArt, InteriorArt } from "./aircraft-art";
import { aircraftCardLinkId, AircraftOverlay, AircraftSpecs } from "./aircraft-overlay";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language, t } = await getRequestI18n(request, context, "catalogue");
  const selected = new URL(request.url).searchParams.get("aircraft");
  return {
    meta: { title: `${t("fleet.title")} – JetMalin`, description: t("fleet.intro") },
    aircraft: FLEET.map(({ description, ...aircraft }) => ({ ...aircraft, description: description[language] })),
    selectedId: FLEET.some((aircraft) => aircraft.id === selected) ? selected : null,
  };
}

export default function FleetPage() {
  const { aircraft, selectedId } = useLoaderData<typeof loader>();
  const { t, language } = useTranslation("catalogue");
  const numbers = new Intl.NumberFormat(language);
  const selectedIndex = aircraft.findIndex((item) => item.id === selectedId);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{t("fleet.title")}</h1>
      <p className="mt-3 max-w-3xl text-lg text-navy-700">{t("fleet.intro")}</p>
      <p className="mt-2 text-sm text-navy-600">{t("fleet.hint")}</p>

      <ul aria-label={t("fleet.listLabel")} className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {aircraft.map((item) => {
          const open = item.id === selectedId;
          return (
            <li key={item.id}>
              <article
                aria-labelledby={`aircraft-${item.id}`}
                className="h-full overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-navy-100"
              >
                <Link
                  id={aircraftCardLinkId(item.id)}
                  to={open ? "/fleet" : `/fleet?aircraft=${item.id}`}
                  preventScrollReset
                  replace
                  aria-expanded={open}
                  aria-controls={open ? "aircraft-overlay" : undefined}
                  className="block h-full p-4 hover:bg-navy-50"
                >
                  <AircraftArt kind={item.image} className="h-auto w-full" />
                  <h2 id={`aircraft-${item.id}`} className="mt-4 text-xl font-bold">
                    {item.name}
                  </h2>
                  <AircraftSpecs specs={item.specs} numbers={numbers} />
                </Link>
              </article>
            </li>
          );
        })}
      </ul>

      {selectedIndex >= 0 ? (
        <AircraftOverlay
          aircraft={aircraft[selectedIndex]!}
          previousId={aircraft[(selectedIndex - 1 + aircraft.length) % aircraft.length]!.id}
          nextId={aircraft[(selectedIndex + 1) % aircraft.length]!.id}
          numbers={numbers}
        />
      ) : null}

      <section aria-labelledby="interior-heading" className="mt-16">
        <h2 id="interior-heading" className="text-2xl font-bold">
          {t("fleet.interior.heading")}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-3">
          {(["cabin", "seats", "cockpit"] as const).map((view) => (
            <li key={view}>
              <figure className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-navy-100">
                <InteriorArt view={view} className="h-auto w-full" />
                <figcaption className="p-4 text-sm">{t(`fleet.interior.${view}`)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-16 rounded-3xl bg-navy-900 px-6 py-10 text-center text-white">
        <h2 className="text-2xl font-bold">{t("fleet.cta.heading")}</h2>
        <p className="mx-auto mt-2 max-w-2xl text-navy-100">{t("fleet.cta.text")}</p>
        <Link to="/custom-flight" className={`${buttonClassName("accent", "lg")} mt-6 inline-block`}>
          {t("offers.requestQuote")}
        </Link>
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.meta);
