/** Run by app/content/country-names.test.ts inside workerd: every known country named in fr, en and de there. */
import { countryName, KNOWN_COUNTRY_CODES } from "#app/content/country-names";
import { countryChoices } from "#app/utils/countries";

export default {
  fetch() {
    const names = Object.fromEntries(
      (["fr", "en", "de"] as const).map((language) => [
        language,
        KNOWN_COUNTRY_CODES.map((code) => countryName(code, language)),
      ]),
    );
    const order = Object.fromEntries(
      (["fr", "en", "de"] as const).map((language) => [
        language,
        countryChoices(language).map((choice) => choice.name),
      ]),
    );
    return Response.json({ names, order });
  },
};
