import { Link } from "@remix-run/react";
import { type KeyboardEvent, useRef, useState } from "react";

import { buttonClassName } from "#app/components/ui/button";
import { useTranslation } from "#app/utils/translations";
import { useHydrated } from "#app/utils/use-hydrated";

export const OFFER_TABS = ["empty-legs", "custom"] as const;
export type OfferTab = (typeof OFFER_TABS)[number];

export function parseOfferTab(value: string | null): OfferTab {
  return value === "custom" ? "custom" : "empty-legs";
}

const PERKS: Record<OfferTab, string[]> = {
  "empty-legs": ["cheaper", "fixed", "immediate", "return"],
  custom: ["flexible", "seats", "service", "roundTrip"],
};

/**
 * Links from the server (`?tab=custom#offers`), made ARIA tabs with arrow keys by React or, on a
 * page served without it, by static-page.client.js (decision 041).
 */
export function OfferTabs({ initialTab }: { initialTab: OfferTab }) {
  const { t } = useTranslation("catalogue");
  const hydrated = useHydrated();
  const [tab, setTab] = useState<OfferTab>(initialTab);
  const tabRefs = useRef<Record<OfferTab, HTMLButtonElement | null>>({ "empty-legs": null, custom: null });
  const current = hydrated ? tab : initialTab;

  const onKeyDown = (event: KeyboardEvent) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const index = OFFER_TABS.indexOf(tab);
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? OFFER_TABS.length - 1
          : (index + (event.key === "ArrowRight" ? 1 : -1) + OFFER_TABS.length) % OFFER_TABS.length;
    const nextTab = OFFER_TABS[next]!;
    setTab(nextTab);
    tabRefs.current[nextTab]?.focus();
  };

  const tabClass = (active: boolean) =>
    `rounded-full px-5 py-2 text-center font-semibold ${active ? "bg-navy-900 text-white" : "bg-white text-navy-900 ring-1 ring-navy-200 hover:bg-navy-100"}`;

  return (
    <div>
      {hydrated ? (
        <div
          role="tablist"
          aria-label={t("offers.tabsLabel")}
          className="flex justify-center gap-3"
          onKeyDown={onKeyDown}
        >
          {OFFER_TABS.map((name) => (
            <button
              key={name}
              ref={(element) => {
                tabRefs.current[name] = element;
              }}
              type="button"
              role="tab"
              id={`offer-tab-${name}`}
              aria-selected={current === name}
              aria-controls={`offer-panel-${name}`}
              tabIndex={current === name ? 0 : -1}
              onClick={() => setTab(name)}
              className={tabClass(current === name)}
            >
              {t(`offers.tabs.${name}`)}
            </button>
          ))}
        </div>
      ) : (
        <nav
          aria-label={t("offers.tabsLabel")}
          className="flex justify-center gap-3"
          data-tabs
          data-on={tabClass(true)}
          data-off={tabClass(false)}
        >
          {OFFER_TABS.map((name) => (
            <Link
              key={name}
              data-tab={`offer-panel-${name}`}
              to={`?tab=${name}#offers`}
              preventScrollReset
              aria-current={current === name ? "page" : undefined}
              className={tabClass(current === name)}
            >
              {t(`offers.tabs.${name}`)}
            </Link>
          ))}
        </nav>
      )}
      {OFFER_TABS.map((name) => (
        <div
          key={name}
          id={`offer-panel-${name}`}
          role={hydrated ? "tabpanel" : undefined}
          aria-labelledby={hydrated ? `offer-tab-${name}` : undefined}
          hidden={name !== current}
          className="mx-auto mt-6 max-w-3xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100"
        >
          <ul className="grid gap-3 sm:grid-cols-2">
            {PERKS[name].map((perk) => (
              <li key={perk} className="flex gap-3">
                <span aria-hidden="true" className="mt-0.5 text-gold-600">
                  ✓
                </span>
                <span>{t(`offers.perks.${perk}`)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-6 text-center">
            {name === "empty-legs" ? (
              <a href="#empty-legs" className={`${buttonClassName("accent", "lg")} inline-block`}>
                {t("offers.seeFlights")}
              </a>
            ) : (
              <Link to="/custom-flight" className={`${buttonClassName("accent", "lg")} inline-block`}>
                {t("offers.requestQuote")}
              </Link>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
