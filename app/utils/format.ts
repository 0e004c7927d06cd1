import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { de, enGB, fr } from "date-fns/locale";
import type { Language } from "#app/i18n";

/** Every date is shown in Swiss time, whatever the server's zone (DECISIONS.md D7). */
export const DISPLAY_TIME_ZONE = "Europe/Zurich";

const dateLocales: Record<Language, typeof fr> = { fr, en: enGB, de };
const numberLocales: Record<Language, string> = { fr: "fr-FR", en: "en-GB", de: "de-DE" };

const inZurich = (date: Date) => new TZDate(date.getTime(), DISPLAY_TIME_ZONE);

/** dd MMMM yyyy in Europe/Zurich, e.g. "05 décembre 2026". */
export function formatDay(date: Date, language: Language): string {
  return format(inZurich(date), "dd MMMM yyyy", { locale: dateLocales[language] });
}

/** HH:mm in Europe/Zurich. */
export function formatTime(date: Date): string {
  return format(inZurich(date), "HH:mm");
}

/** dd/MM/yyyy HH:mm in Europe/Zurich (staff lists). */
export function formatDateTime(date: Date): string {
  return format(inZurich(date), "dd/MM/yyyy HH:mm");
}

/** Whole euros: "1 234 €" in French, "€1,234" in English, "1.234 €" in German. */
export function formatEuros(amount: number, language: Language): string {
  return new Intl.NumberFormat(numberLocales[language], {
    style: "currency",
    currency: "EUR",
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(amount);
}

/** 'XhYmin', or minutes only under an hour (traveller.md section 9). */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest}min` : `${hours}h${rest}min`;
}
