import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { renderDocument } from "./render-document.server";

async function chunksOf(element: Parameters<typeof renderDocument>[0]) {
  const body = await renderDocument(element, {
    signal: new AbortController().signal,
    nonce: "n",
    waitForAll: true,
    onError: (error) => {
      throw error;
    },
  });
  const chunks: Uint8Array[] = [];
  const reader = body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks;
}

async function render(element: Parameters<typeof renderDocument>[0]) {
  const decoder = new TextDecoder();
  return (await chunksOf(element)).map((chunk) => decoder.decode(chunk, { stream: true })).join("") + decoder.decode();
}

// React DOM's Node server builds, as patches/react-dom+18.3.1.patch leaves them (decision 042).
const reactDom = join(createRequire(import.meta.url).resolve("react-dom/package.json"), "..", "cjs");

describe("the page's HTML", () => {
  it("has no NUL byte where a multi-byte character meets the end of React's 2 KB buffer", async () => {
    // Texts under 683 characters take React's encodeInto path; 'é' is 2 bytes and the
    // tags around it 4 and 5, so buffers end inside an 'é' about one time in two.
    const items = Array.from({ length: 200 }, (_, index) =>
      createElement("li", { key: index }, "é".repeat(100 + (index % 7))),
    );
    const element = createElement("ul", null, items);
    const html = await render(element);
    expect(html).not.toContain("\u0000");
    // The same markup as React's string renderer, which has no buffers.
    expect(html).toBe(renderToString(element));
  });

  it("comes as one chunk for a page rendered whole, not one per 2 KB", async () => {
    const element = createElement(
      "ul",
      null,
      Array.from({ length: 500 }, (_, index) => createElement("li", { key: index, className: "card" }, `Vol ${index}`)),
    );
    const chunks = await chunksOf(element);
    expect(chunks).toHaveLength(1);
    expect(new TextDecoder().decode(chunks[0])).toBe(renderToString(element));
    expect(chunks[0]!.byteLength).toBeGreaterThan(5 * 2048);
  });

  it("is rendered by the patched builds, development (the tests) and production (the Worker)", () => {
    const development = readFileSync(join(reactDom, "react-dom-server.node.development.js"), "utf8");
    expect(development).toContain("currentView += chunk;");
    expect(development).not.toContain("new Uint8Array(VIEW_SIZE)");
    const production = readFileSync(join(reactDom, "react-dom-server.node.production.min.js"), "utf8");
    expect(production).toContain("function r(a,b){k+=b}");
    expect(production).not.toContain("Uint8Array");
  });
});
