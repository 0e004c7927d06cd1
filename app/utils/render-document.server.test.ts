import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderDocument, withoutUnwrittenTail } from "./render-document.server";

async function render(element: Parameters<typeof renderDocument>[0]) {
  const body = await renderDocument(element, {
    signal: new AbortController().signal,
    nonce: "n",
    waitForAll: true,
    onError: (error) => {
      throw error;
    },
  });
  return new Response(body).text();
}

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

  it("cuts only a full buffer's unwritten zeros", () => {
    const full = new Uint8Array(2048).fill(97);
    expect(withoutUnwrittenTail(full)).toBe(full);
    full.fill(0, 2046);
    expect(withoutUnwrittenTail(full).byteLength).toBe(2046);
    const short = new Uint8Array([97, 0]);
    expect(withoutUnwrittenTail(short)).toBe(short);
  });
});
