import type { AppLoadContext } from "@remix-run/cloudflare";

import { requireLocalDoor } from "#app/utils/local-door.server";

export function requireLocalMailbox(context: AppLoadContext, request: Request) {
  requireLocalDoor(context, request);
}

const HREF = /href="([^"]+)"/g;

export function extractLinks(html: string): string[] {
  const links = [...html.matchAll(HREF)].map((match) => decodeHtmlAttribute(match[1]!));
  return [...new Set(links.filter((link) => /^https?:\/\//.test(link)))];
}

function decodeHtmlAttribute(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
