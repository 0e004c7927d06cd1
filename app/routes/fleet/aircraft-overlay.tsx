import { Link, useNavigate } from "@remix-run/react";
import { type TouchEvent, useRef } from "react";

import { buttonClassName } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import { type Aircraft, SWIPE_THRESHOLD_PX } from "#app/content/fleet";
import { useTranslation } from "#app/utils/translations";

export type AircraftView = Omit<Aircraft, "description"> & { description: string };

export function AircraftSpecs({ specs, numbers }: { specs: AircraftView["specs"]; numbers: Intl.NumberFormat }) {
  const { t } = useTranslation("catalogue");
  return (
    <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
      <div>
        <dt className="text-navy-600">{t("fleet.specs.passengers")}</dt>
        <dd className="font-semibold">{specs.passengers}</dd>
      </div>
      <div>
        <dt className="text-navy-600">{t("fleet.specs.range")}</dt>
        <dd className="font-semibold">{numbers.format(specs.rangeKm)} km</dd>
      </div>
      <div>
        <dt className="text-navy-600">{t("fleet.specs.speed")}</dt>
        <dd className="font-semibold">{numbers.format(specs.speedKmh)} km/h</dd>
      </div>
      <div>
        <dt className="text-navy-600">{t("fleet.specs.altitude")}</dt>
        <dd className="font-semibold">{numbers.format(specs.altitudeFt)} ft</dd>
      </div>
    </dl>
  );
}

/**
 * Its place is the URL (?aircraft=); with JavaScript, a swipe over 75 px or the arrow keys move to
 * the next or previous aircraft.
 */
export function AircraftOverlay({
  aircraft,
  previousId,
  nextId,
  numbers,
}: {
  aircraft: AircraftView;
  previousId: string;
  nextId: string;
  numbers: Intl.NumberFormat;
}) {
  const { t } = useTranslation("catalogue");
  const navigate = useNavigate();
  const touchStartX = useRef<number | null>(null);
  const go = (id: string) => navigate(`/fleet?aircraft=${id}`, { replace: true, preventScrollReset: true });

  const onTouchEnd = (event: TouchEvent) => {
    if (touchStartX.current === null) return;
    const distance = event.changedTouches[0]!.clientX - touchStartX.current;
    touchStartX.current = null;
    if (Math.abs(distance) > SWIPE_THRESHOLD_PX) go(distance < 0 ? nextId : previousId);
  };

  return (
    <Dialog
      id="aircraft-overlay"
      title={aircraft.name}
      closeTo="/fleet"
      returnFocusId={aircraftCardLinkId(aircraft.id)}
      onNavigateKey={(key) => {
        if (key === "ArrowRight") go(nextId);
        else if (key === "ArrowLeft") go(previousId);
        else return false;
        return true;
      }}
    >
      <div
        data-aircraft={aircraft.id}
        onTouchStart={(event) => {
          touchStartX.current = event.touches[0]!.clientX;
        }}
        onTouchEnd={onTouchEnd}
      >
        <p className="inline-block rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800">
          {t("fleet.available")}
        </p>
        <p className="mt-4 leading-relaxed text-navy-700">{aircraft.description}</p>
        <AircraftSpecs specs={aircraft.specs} numbers={numbers} />
        <div className="mt-6 flex justify-between">
          <Link
            to={`/fleet?aircraft=${previousId}`}
            replace
            preventScrollReset
            className={buttonClassName("quiet", "compact")}
          >
            <span aria-hidden="true">←</span> {t("fleet.previous")}
          </Link>
          <Link
            to={`/fleet?aircraft=${nextId}`}
            replace
            preventScrollReset
            className={buttonClassName("quiet", "compact")}
          >
            {t("fleet.next")} <span aria-hidden="true">→</span>
          </Link>
        </div>
      </div>
    </Dialog>
  );
}

/** Where the focus goes back when the overlay closes. */
export const aircraftCardLinkId = (aircraftId: string) => `aircraft-link-${aircraftId}`;
