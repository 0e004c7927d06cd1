import type { MetaDescriptor } from "@remix-run/cloudflare";

type Match = { id: string; data: unknown; meta?: readonly MetaDescriptor[] };

/**
 * A page's <title> and meta description. A page without a description of its own gets
 * the site's (the root loader's, translated), so no page goes without one. Without the
 * page's data (its loader threw: an unknown flight, a refused page), the page keeps the
 * root's tags, whose title names the error ('Page introuvable – JetMalin'): a leaf's
 * meta replaces its parents', and an empty one would leave the page without a <title>.
 */
export function pageMeta(
  matches: readonly Match[],
  page: { title: string; description?: string } | undefined,
  extra: MetaDescriptor[] = [],
): MetaDescriptor[] {
  if (!page) return [...(matches.find((match) => match.id === "root")?.meta ?? []), ...extra];
  const root = matches.find((match) => match.id === "root")?.data as { meta?: { description?: string } } | undefined;
  const content = page.description ?? root?.meta?.description;
  return [{ title: page.title }, ...(content ? [{ name: "description", content }] : []), ...extra];
}
