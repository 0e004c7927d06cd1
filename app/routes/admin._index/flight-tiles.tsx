import { useTranslation } from "#app/utils/translations";

export type Tiles = { activeFlights: number; availableSeats: number; flightsToday: number; averageMinutes: number };

export function FlightTiles({ tiles }: { tiles: Tiles }) {
  const { t } = useTranslation("admin");
  const items: Array<[string, string]> = [
    [t("flights.tiles.activeFlights"), String(tiles.activeFlights)],
    [t("flights.tiles.availableSeats"), String(tiles.availableSeats)],
    [t("flights.tiles.flightsToday"), String(tiles.flightsToday)],
    [t("flights.tiles.averageDuration"), t("flights.tiles.minutes", { count: tiles.averageMinutes })],
  ];
  return (
    <dl aria-label={t("flights.tiles.label")} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-navy-100">
          <dt className="text-sm font-semibold text-navy-700">{label}</dt>
          <dd className="text-2xl font-bold text-navy-900" data-testid="tile-value">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
