import type { Language } from "#app/i18n";

/** Every date in Swiss time, with Intl: docs/i18n.md 'Dates, numbers and punctuation'. */
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

export function formatDay(date: Date, language: Language): string {
  const { day, month, year } = dayParts(date, language);
  return language === "de" ? `${day}. ${month} ${year}` : `${day} ${month} ${year}`;
}

export function formatTime(date: Date): string {
  const { hour, minute } = zurichParts(date);
  return `${hour}:${minute}`;
}

export function formatDateTime(date: Date): string {
  const { day, month, year, hour, minute } = zurichParts(date);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

export function zurichDay(date: Date): string {
  const { year, month, day } = zurichParts(date);
  return `${year}-${month}-${day}`;
}

export function formatDayKey(dayKey: string, language: Language): string {
  return formatDay(new Date(`${dayKey}T12:00:00Z`), language);
}

const weekdayFormatters = new Map<Language, Intl.DateTimeFormat>();

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

/**
 * The language, or the Swiss form of it for a Swiss reader (decision 052): what formats a number.
 * fr-CH writes as fr ('3 750 €'); de-CH groups with an apostrophe ('3’750 €', '3’750.50 €').
 */
export type NumberLocale = Language | "fr-CH" | "de-CH";

const numberLocales: Record<NumberLocale, string> = {
  fr: "fr-FR",
  en: "en-GB",
  de: "de-DE",
  "fr-CH": "fr-FR",
  "de-CH": "de-DE",
};

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
/** Intl's "auto" says "this minute", which reads wrong after "updated". */
const justNow: Record<Language, string> = { fr: "à l'instant", en: "just now", de: "gerade eben" };

/**
 * Swiss German's separators put on German's parts, not Intl's de-CH: ICU versions disagree on it
 * ('EUR 3'750' in Node 24), and the server's text must be the browser's.
 */
function inLocale(formatter: Intl.NumberFormat, amount: number, locale: NumberLocale): string {
  if (locale !== "de-CH") return formatter.format(amount);
  return formatter
    .formatToParts(amount)
    .map((part) => (part.type === "group" ? "’" : part.type === "decimal" ? "." : part.value))
    .join("");
}

export function formatEuros(amount: number, locale: NumberLocale): string {
  return inLocale(wholeEuros(numberLocales[locale]), amount, locale);
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

export function formatOrderAmount(cents: number, locale: NumberLocale): string {
  return inLocale(centsEuros(numberLocales[locale]), cents / 100, locale);
}

/** The exclusive flights' prices, in Swiss French whatever the page's language (the spec's form). */
export function formatSwissEuros(amount: number): string {
  return formatEuros(amount, "fr-CH");
}

/** A non-breaking space: a duration never wraps inside itself. */
const NBSP = "\u00A0";

/**
 * Each language's own short form, not Intl.DurationFormat's: its French reads '1 h et 5 min' and
 * its texts change with the ICU of each browser (decision 052).
 */
export function formatDuration(minutes: number, language: Language): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const unit = { fr: ["h", "min"], en: ["h", "min"], de: ["Std.", "Min."] }[language];
  const hourText = `${hours}${NBSP}${unit[0]}`;
  const minuteText = `${rest}${NBSP}${unit[1]}`;
  if (hours === 0) return minuteText;
  if (rest === 0) return hourText;
  // French writes the minutes after the hour as two digits, without a unit: '1 h 05'.
  if (language === "fr") return `${hourText}${NBSP}${String(rest).padStart(2, "0")}`;
  return `${hourText}${NBSP}${minuteText}`;
}

/** `now` comes from the loader so the server and the browser print the same text. */
export function formatAgo(date: Date, now: Date, language: Language): string {
  const minutes = Math.max(0, Math.round((now.getTime() - date.getTime()) / 60_000));
  if (minutes === 0) return justNow[language];
  const format = relativeTime(intlLocales[language]);
  if (minutes < 60) return format.format(-minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 48) return format.format(-hours, "hour");
  return format.format(-Math.round(hours / 24), "day");
}

export function withColon(label: string, language: Language): string {
  return language === "fr" ? `${label} :` : `${label}:`;
}
