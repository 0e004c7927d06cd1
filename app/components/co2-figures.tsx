import { co2Estimate, formatCo2Kg, formatCo2Tonnes } from "#app/flights/co2";
import { useTranslation } from "#app/utils/translations";

/** How the CO2 is estimated: decision 037. */
export function useCo2Text(flight: { aircraftType: string; flightTime: number }) {
  const { t, language } = useTranslation("catalogue");
  const { flightKg, perSeatKg } = co2Estimate(flight);
  return t("co2.value", { flight: formatCo2Tonnes(flightKg, language), seat: formatCo2Kg(perSeatKg, language) });
}

export function Co2Line({ flight }: { flight: { aircraftType: string; flightTime: number } }) {
  const { t } = useTranslation("catalogue");
  return (
    <p className="text-xs text-navy-700" data-testid="co2">
      <span className="font-semibold">{t("co2.label")}</span> {useCo2Text(flight)}
    </p>
  );
}
