import type { MetaDescriptor } from "@remix-run/cloudflare";

type Match = { id: string; data: unknown };

/**
 * A page's <title> and meta description. A page without a description of its own gets
 * the site's (the root loader's, translated), so no page goes without one.
 */
export function pageMeta(
  matches: readonly Match[],
  { title, description }: { title: string; description?: string },
  extra: MetaDescriptor[] = [],
): MetaDescriptor[] {
  const root = matches.find((match) => match.id === "root")?.data as { meta?: { description?: string } } | undefined;
  const content = description ?? root?.meta?.description;
  return [{ title }, ...(content ? [{ name: "description", content }] : []), ...extra];
}
