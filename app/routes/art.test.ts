import { describe, expect, it } from "vitest";

import { cityArtHref } from "#app/components/city-art";

import { loader } from "./art.$file";

const art = (file: string) =>
  loader({ params: { file }, request: new Request(`http://localhost/art/${file}`), context: {} } as never);

describe("GET /art/{city}.svg", () => {
  it("draws the city's scene: Genève's lake and Jet d'eau, whatever the spelling", async () => {
    expect(cityArtHref("Genève")).toBe("/art/geneve.svg");
    expect(cityArtHref("Palma de Majorque")).toBe("/art/palma-de-majorque.svg");
    const response = art("geneve.svg");
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('stop-color="#7fb4e6"'); // Geneva's sky
    expect(svg).toContain("M150 84 C149 60"); // the Jet d'eau
    expect(await art(cityArtHref("Genf").slice(5)).text()).toBe(svg);
  });

  it("gives an unknown city the default scene and refuses anything but a slug", async () => {
    expect(await art("reykjavik.svg").text()).toContain('stop-color="#1e3a8a"');
    for (const bad of ["../secret.svg", "Geneve.svg", "geneve.png", "a".repeat(61) + ".svg"]) {
      expect(() => art(bad)).toThrow();
    }
  });
});
