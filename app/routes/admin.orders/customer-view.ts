import { countryName } from "#app/content/country-names";
import type { Language } from "#app/i18n";

const CUSTOMER_FIELDS = ["firstName", "lastName", "email", "phone", "address", "zipCode", "city", "country"] as const;
export type CustomerView = Record<(typeof CUSTOMER_FIELDS)[number], string>;

/**
 * A row written by hand (a data fix, an import) may lack fields: each shows empty, so that one
 * such row does not take the list down.
 */
export function customerView(stored: unknown, language: Language): CustomerView {
  const fields = typeof stored === "object" && stored !== null ? (stored as Record<string, unknown>) : {};
  const text = (name: (typeof CUSTOMER_FIELDS)[number]) => {
    const value = fields[name];
    return typeof value === "string" ? value : "";
  };
  const view = Object.fromEntries(CUSTOMER_FIELDS.map((name) => [name, text(name)])) as CustomerView;
  return { ...view, country: view.country ? countryName(view.country, language) : "" };
}
