import type { Language } from "#app/i18n";

/**
 * Every date is shown in Swiss time, whatever the server's zone (docs/i18n.md 'Dates,
 * numbers and punctuation').
 * Built on Intl rather than date-fns locales: the runtime already carries the month
 * names, and the home page's JavaScript stays small.
 */
export const DISPLAY_TIME_ZONE = "Europe/Zurich";

const intlLocales: Record<Language, string> = { fr: "fr-FR", en: "en-GB", de: "de-DE" };

const dayFormatters = new Map<Language, Intl.DateTimeFormat>();
function dayParts(date: Date, language: Language) {
  let formatter = dayFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocales[language], {
      timeZone: DISPLAY_TIME_ZONE,
      day: language === "fr" ? "2-digit" : "numeric",
      month: "long",
      year: "numeric",
    });
    dayFormatters.set(language, formatter);
  }
  const parts = formatter.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? "";
  return { day: part("day"), month: part("month"), year: part("year") };
}

const numericFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: DISPLAY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
function zurichParts(date: Date) {
  const parts = numericFormatter.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? "";
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour"), minute: part("minute") };
}

/**
 * A day in Europe/Zurich as each language writes it: "05 décembre 2026" (the spec's
 * dd MMMM yyyy), "5 December 2026", "5. Dezember 2026" (German puts a point after the day).
 */
export function formatDay(date: Date, language: Language): string {
  const { day, month, year } = dayParts(date, language);
  return language === "de" ? `${day}. ${month} ${year}` : `${day} ${month} ${year}`;
}

/** HH:mm in Europe/Zurich. */
export function formatTime(date: Date): string {
  const { hour, minute } = zurichParts(date);
  return `${hour}:${minute}`;
}

/** dd/MM/yyyy HH:mm in Europe/Zurich (staff lists). */
export function formatDateTime(date: Date): string {
  const { day, month, year, hour, minute } = zurichParts(date);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** The Europe/Zurich calendar day of an instant, "YYYY-MM-DD" (filters, forms). */
export function zurichDay(date: Date): string {
  const { year, month, day } = zurichParts(date);
  return `${year}-${month}-${day}`;
}

/** A "YYYY-MM-DD" day shown as dd MMMM yyyy (noon UTC is the same day in Zurich). */
export function formatDayKey(dayKey: string, language: Language): string {
  return formatDay(new Date(`${dayKey}T12:00:00Z`), language);
}

const weekdayFormatters = new Map<Language, Intl.DateTimeFormat>();

/**
 * A "YYYY-MM-DD" day with its weekday, where the weekday matters (the exclusive flights'
 * dates): "vendredi 04 décembre 2026", "Friday 4 December 2026", "Freitag, 4. Dezember 2026".
 */
export function formatWeekdayKey(dayKey: string, language: Language): string {
  const date = new Date(`${dayKey}T12:00:00Z`);
  let formatter = weekdayFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocales[language], { timeZone: DISPLAY_TIME_ZONE, weekday: "long" });
    weekdayFormatters.set(language, formatter);
  }
  const weekday = formatter.format(date);
  return `${weekday}${language === "de" ? "," : ""} ${formatDay(date, language)}`;
}

const numberLocales: Record<Language, string> = { fr: "fr-FR", en: "en-GB", de: "de-DE" };

/**
 * One Intl formatter per locale and kind, made on first use: building one costs far
 * more than formatting with it, and a page formats dozens of prices and times.
 */
export function memoized<F>(make: (locale: string) => F) {
  const made = new Map<string, F>();
  return (locale: string) => {
    let formatter = made.get(locale);
    if (!formatter) made.set(locale, (formatter = make(locale)));
    return formatter;
  };
}

const wholeEuros = memoized(
  (locale) =>
    new Intl.NumberFormat(locale, {
      style: "currency",
      currency: "EUR",
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    }),
);
const relativeTime = memoized((locale) => new Intl.RelativeTimeFormat(locale, { style: "short", numeric: "always" }));
/**
 * Under a minute. Intl's numeric "auto" says "cette minute-ci", "this minute", "in dieser
 * Minute", which reads wrong after "mis à jour", "updated", "aktualisiert".
 */
const justNow: Record<Language, string> = { fr: "à l'instant", en: "just now", de: "gerade eben" };

/** Whole euros: "1 234 €" in French, "€1,234" in English, "1.234 €" in German. */
export function formatEuros(amount: number, language: Language): string {
  return wholeEuros(numberLocales[language]).format(amount);
}

const centsEuros = memoized(
  (locale) =>
    new Intl.NumberFormat(locale, {
      style: "currency",
      currency: "EUR",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

/** An order amount, stored in cents, with 2 decimals. */
export function formatOrderAmount(cents: number, language: Language): string {
  return centsEuros(numberLocales[language]).format(cents / 100);
}

/** Exclusive flight prices: Swiss-French format whatever the language. */
export function formatSwissEuros(amount: number): string {
  return wholeEuros("fr-CH").format(amount);
}

/** 'XhYmin', or minutes only under an hour. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest}min` : `${hours}h${rest}min`;
}

/**
 * How long ago, in the visitor's language: "il y a 12 min", "12 min ago", "vor 12 Min.", and
 * "à l'instant" under a minute. `now` comes from the loader so the server and the browser print the same text.
 */
export function formatAgo(date: Date, now: Date, language: Language): string {
  const minutes = Math.max(0, Math.round((now.getTime() - date.getTime()) / 60_000));
  if (minutes === 0) return justNow[language];
  const format = relativeTime(intlLocales[language]);
  if (minutes < 60) return format.format(-minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 48) return format.format(-hours, "hour");
  return format.format(-Math.round(hours / 24), "day");
}

/** A label before its value: French puts a space before the colon, English and German none. */
export function withColon(label: string, language: Language): string {
  return language === "fr" ? `${label} :` : `${label}:`;
}
