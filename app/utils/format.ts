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

const numberLocales: Record<Language, string> = { fr: "fr-FR", en: "en-GB", de: "de-DE" };

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

export function formatOrderAmount(cents: number, language: Language): string {
  return centsEuros(numberLocales[language]).format(cents / 100);
}

export function formatSwissEuros(amount: number): string {
  return wholeEuros("fr-CH").format(amount);
}

export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest}min` : `${hours}h${rest}min`;
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
