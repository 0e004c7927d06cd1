// The customer's cancellation fees (decision 033), the one place their numbers are written: the
// terms' text (documents/terms.ts) is built from them and orders/cancellation-fees.ts applies them.
import type { Language } from "#app/i18n";

/** More than this many days before departure (strictly), the early bracket's fee applies. */
export const EARLY_CANCELLATION_DAYS = 7;
/** Less than this many hours before departure (strictly), the whole price is kept. */
export const LAST_MINUTE_HOURS = 48;

export const CANCELLATION_FEE_PERCENT = {
  early: 30,
  /** From 7 days down to 48 hours before departure, both included. */
  late: 60,
  lastMinute: 100,
} as const;

export type CancellationBracket = keyof typeof CANCELLATION_FEE_PERCENT;

/** A percentage as each language writes it: "30 %" in French and German, "30%" in English. */
function percent(value: number, language: Language): string {
  return language === "en" ? `${value}%` : `${value} %`;
}

export function cancellationClause(language: Language): string[] {
  const days = EARLY_CANCELLATION_DAYS;
  const hours = LAST_MINUTE_HOURS;
  const fee = (bracket: CancellationBracket) => percent(CANCELLATION_FEE_PERCENT[bracket], language);
  switch (language) {
    case "fr":
      return [
        `Plus de ${days} jours avant le départ : ${fee("early")} du prix ; de ${days} jours à ${hours} heures avant le départ : ${fee("late")} ; moins de ${hours} heures avant le départ : ${fee("lastMinute")}.`,
        "Le montant retenu est arrondi au centime inférieur ; le reste du prix payé vous est remboursé. Une réservation que nous n'avons pas encore validée est annulée sans frais : aucun montant n'a été débité. Si nous vous annonçons un changement d'horaire qui vous ouvre l'annulation sans frais, rien n'est retenu.",
        "Vous annulez depuis la page de votre réservation, jusqu'au départ du vol.",
      ];
    case "en":
      return [
        `More than ${days} days before departure: ${fee("early")} of the price; from ${days} days to ${hours} hours before departure: ${fee("late")}; less than ${hours} hours before departure: ${fee("lastMinute")}.`,
        "The amount kept is rounded down to the cent; the rest of the price paid is refunded to you. A booking we have not yet confirmed is cancelled free of charge: nothing has been charged. If we tell you of a schedule change that lets you cancel free of charge, nothing is kept.",
        "You cancel from your booking's page, until the flight departs.",
      ];
    case "de":
      return [
        `Mehr als ${days} Tage vor Abflug: ${fee("early")} des Preises; von ${days} Tagen bis ${hours} Stunden vor Abflug: ${fee("late")}; weniger als ${hours} Stunden vor Abflug: ${fee("lastMinute")}.`,
        "Der einbehaltene Betrag wird auf den Cent abgerundet; der Rest des bezahlten Preises wird Ihnen erstattet. Eine Buchung, die wir noch nicht bestätigt haben, wird kostenlos storniert: Es wurde nichts abgebucht. Teilen wir Ihnen eine Flugplanänderung mit, die Ihnen eine kostenlose Stornierung ermöglicht, wird nichts einbehalten.",
        "Sie stornieren auf der Seite Ihrer Buchung, bis zum Abflug.",
      ];
  }
}
