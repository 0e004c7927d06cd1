import { type CancelledFlightWays, CancelledFlightWaysForward } from "#app/components/similar-flights";
import { useTranslation } from "#app/utils/translations";

/** The heading says the flight is cancelled; the text only what follows from it, once. */
export function CancelledPanel({ ways }: { ways: CancelledFlightWays | null }) {
  const { t } = useTranslation("catalogue");
  return (
    <section
      role="status"
      aria-labelledby="cancelled-heading"
      className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-navy-100"
    >
      <h2 id="cancelled-heading" className="text-xl font-bold">
        {t("checkout.cancelled.title")}
      </h2>
      <p className="mt-2 text-navy-700">{t("checkout.cancelled.text")}</p>
      <CancelledFlightWaysForward ways={ways} />
    </section>
  );
}
