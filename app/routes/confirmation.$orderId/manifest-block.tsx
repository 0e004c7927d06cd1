import { Link } from "@remix-run/react";

import { buttonClassName } from "#app/components/ui/button";
import { orderManifestPath } from "#app/utils/order-urls";
import { useTranslation } from "#app/utils/translations";

type Summary = { missing: number; access: "open" | "locked" | "closed"; deadline: string | Date };

/** 'Passagers et documents' on the order page: what is missing, until when, and the way to the form. */
export function ManifestBlock({
  orderId,
  linkKey,
  summary,
}: {
  orderId: string;
  linkKey: string | null;
  summary: Summary | null;
}) {
  const { t, language } = useTranslation("catalogue");
  if (!summary || summary.access === "closed") return null;
  const deadline = new Intl.DateTimeFormat(language, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/Zurich",
  }).format(new Date(summary.deadline));
  const text =
    summary.access === "locked"
      ? t("manifest.order.locked", { deadline })
      : summary.missing === 0
        ? t("manifest.order.complete", { deadline })
        : t("manifest.order.missing", { count: summary.missing, deadline });
  const open = summary.access === "open" && summary.missing > 0;
  return (
    <section className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-navy-100" aria-labelledby="manifest-block">
      <h2 id="manifest-block" className="text-xl font-bold">
        {t("manifest.order.title")}
      </h2>
      <p className="mt-2" data-testid="manifest-summary">
        {text}
      </p>
      <Link
        to={orderManifestPath(orderId, linkKey)}
        className={`mt-4 inline-flex ${buttonClassName(open ? "primary" : "outline", "md", { ring: true })}`}
      >
        {t(open ? "manifest.order.link" : "manifest.order.view")}
      </Link>
    </section>
  );
}
