import { gunzipSync, gzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { acceptsGzip, fillGzipTemplate, gzipTemplate } from "./gzip-template.server";

const inflate = (bytes: Uint8Array) => gunzipSync(bytes).toString("utf8");

describe("a gzip template", () => {
  it("inflates to its parts joined with each fill, in any gzip reader", async () => {
    const page = '<!DOCTYPE html><html lang="de"><p>Zürich → Genève, 12 500 CHF</p>'.repeat(200);
    const parts = [page, '<script nonce="', '">1</script>', '<script nonce="', '">2</script></html>'];
    const template = gzipTemplate(parts);
    for (const fill of ["a1b2c3d4e5f6g7h8i9j0kw==", "zz+/zz==", ""]) {
      const bytes = fillGzipTemplate(template, fill);
      expect(inflate(bytes)).toBe(parts.join(fill));
      // The web's own reader too (what a Worker or a browser runs), which checks the CRC and the length.
      const stream = new Response(bytes).body!.pipeThrough(new DecompressionStream("gzip"));
      expect(await new Response(stream).text()).toBe(parts.join(fill));
    }
    // Compressed as well as in one piece, within a few bytes a hole.
    const whole = gzipSync(parts.join("x"), { level: 9 }).length;
    expect(fillGzipTemplate(template, "x").length).toBeLessThan(whole + 20 * parts.length);
  });

  it("holds a page without a hole, an empty part and a text of multi-byte characters", () => {
    expect(inflate(fillGzipTemplate(gzipTemplate(["<p>Ölflug</p>"]), "unused"))).toBe("<p>Ölflug</p>");
    expect(inflate(fillGzipTemplate(gzipTemplate(["", ""]), "€"))).toBe("€");
    expect(inflate(fillGzipTemplate(gzipTemplate(["Aéroport ", ""]), "de Genève"))).toBe("Aéroport de Genève");
  });

  it("refuses a fill longer than a stored block holds", () => {
    expect(() => fillGzipTemplate(gzipTemplate(["a", "b"]), "x".repeat(65_536))).toThrow(RangeError);
  });
});

describe("which clients take gzip", () => {
  it("reads Accept-Encoding with its weights, * standing for what is not named", () => {
    expect(acceptsGzip("gzip, deflate")).toBe(true);
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip(null)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0.000, *")).toBe(false);
    expect(acceptsGzip("*;q=0")).toBe(false);
  });
});
