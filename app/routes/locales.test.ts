import { describe, expect, it } from "vitest";

import { TRANSLATIONS_VERSION } from "#app/i18n.server";
import { resources } from "#app/locales/resources";
import { translationsHref } from "#app/utils/translations";

import { loader } from "./locales.$lng.$file";

const get = (path: string) => {
  const url = new URL(`http://localhost${path}`);
  const [, , lng, file] = url.pathname.split("/");
  return loader({ params: { lng, file }, request: new Request(url), context: {} } as never);
};

describe("GET /locales/{lng}/{ns}.json", () => {
  it("serves a namespace; with the current version it is cached for good", async () => {
    const current = get(translationsHref("de", "catalogue", TRANSLATIONS_VERSION));
    expect(await current.json()).toEqual(resources.de.catalogue);
    expect(current.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(get("/locales/de/catalogue.json?v=old").headers.get("Cache-Control")).toBe("public, max-age=300");
  });

  it("knows only its languages and namespaces", () => {
    for (const path of ["/locales/es/catalogue.json", "/locales/fr/secrets.json", "/locales/fr/catalogue.txt"]) {
      expect(() => get(path)).toThrow();
    }
  });
});
