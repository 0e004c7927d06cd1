import { useId } from "react";

import { formatDayKey } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import { useLanguage } from "#app/utils/use-language";

const CHART_HEIGHT = 160;
const BAR_WIDTH = 32;
const BAR_GAP = 12;

/** Decorative for screen readers: the table under it has the same figures. */
export function SeatsChart({ days }: { days: Array<{ day: string; seats: number }> }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const headingId = useId();
  const max = Math.max(1, ...days.map((day) => day.seats));
  const total = days.reduce((sum, day) => sum + day.seats, 0);
  const width = days.length * (BAR_WIDTH + BAR_GAP);
  const label = (day: string) => day.slice(8, 10) + "/" + day.slice(5, 7);
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-100">
      <h2 id={headingId} className="text-lg font-bold">
        {t("flights.chart.heading")}
      </h2>
      <p className="mt-1 text-sm text-navy-700">{t("flights.chart.description", { total })}</p>
      {/* Wider than a phone: the scroll region takes the keyboard's focus (arrows scroll it) and has a name. */}
      <div
        className="mt-4 overflow-x-auto rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-gold-400"
        role="region"
        aria-label={t("flights.chart.scrollLabel")}
        tabIndex={0}
        data-testid="seats-chart-scroll"
      >
        <svg
          viewBox={`0 0 ${width} ${CHART_HEIGHT + 40}`}
          width={width}
          height={CHART_HEIGHT + 40}
          aria-hidden="true"
          focusable="false"
          data-testid="seats-chart"
        >
          <line x1="0" x2={width} y1={CHART_HEIGHT} y2={CHART_HEIGHT} stroke="#1e3a5f" strokeWidth="1" />
          {days.map((day, index) => {
            const height = Math.round((day.seats / max) * (CHART_HEIGHT - 20));
            const x = index * (BAR_WIDTH + BAR_GAP) + BAR_GAP / 2;
            return (
              <g key={day.day}>
                <rect x={x} y={CHART_HEIGHT - height} width={BAR_WIDTH} height={height} rx="3" fill="#1e3a5f" />
                <text
                  x={x + BAR_WIDTH / 2}
                  y={CHART_HEIGHT - height - 4}
                  textAnchor="middle"
                  fontSize="11"
                  fill="#0f1f33"
                >
                  {day.seats}
                </text>
                <text x={x + BAR_WIDTH / 2} y={CHART_HEIGHT + 16} textAnchor="middle" fontSize="11" fill="#0f1f33">
                  {label(day.day)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-navy-800">
          {t("flights.chart.tableSummary")}
        </summary>
        <table className="mt-2 w-full max-w-md text-left text-sm">
          <caption className="sr-only">{t("flights.chart.heading")}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4">
                {t("flights.chart.day")}
              </th>
              <th scope="col" className="py-1">
                {t("flights.chart.seats")}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day} className="border-t border-navy-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {formatDayKey(day.day, language)}
                </th>
                <td className="py-1" data-testid="chart-seats">
                  {day.seats}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
