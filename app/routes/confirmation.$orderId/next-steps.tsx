import { Link } from "@remix-run/react";

import { type CancelledFlightWays, CancelledFlightWaysForward } from "#app/components/similar-flights";
import { buttonClassName } from "#app/components/ui/button";
import type { CancelReason, OrderStatus } from "#app/utils/constants";
import { useTranslation } from "#app/utils/translations";

import { nextStepsKey } from "./order-outlook";

/**
 * `ways`: the similar flights and the prefilled request, for an order whose flight the operator
 * cancelled; `rebookFlightId`: the flight of an order that ended unpaid, while it is still on sale.
 */
export function OrderNextSteps({
  order,
  checkInMinutes,
  ways,
  rebookFlightId,
}: {
  order: { status: OrderStatus; cancelReason: CancelReason | null };
  checkInMinutes: number;
  ways: CancelledFlightWays | null;
  rebookFlightId: string | null;
}) {
  const { t } = useTranslation("catalogue");
  const cancelled = order.status === "cancelled";
  return (
    <section className="mt-8" aria-labelledby="next-steps" data-testid="next-steps">
      <h2 id="next-steps" className="text-xl font-bold">
        {t("order.next.title")}
      </h2>
      <p className="mt-2 text-navy-700">
        {t(nextStepsKey(order, rebookFlightId !== null), { minutes: checkInMinutes })}
      </p>
      {!cancelled ? (
        <p className="mt-2 text-sm text-navy-600">{t("order.save")}</p>
      ) : order.cancelReason === "flightCancelled" ? (
        <CancelledFlightWaysForward ways={ways} />
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          {rebookFlightId ? (
            <Link to={`/checkout/${rebookFlightId}`} className={`${buttonClassName("accent", "mdFlat")} inline-block`}>
              {t("order.next.bookAgainLink")}
            </Link>
          ) : null}
          <Link to="/empty-legs" className={`${buttonClassName("quiet", "mdFlat")} inline-block`}>
            {t("checkout.unavailable.browse")}
          </Link>
        </div>
      )}
    </section>
  );
}
