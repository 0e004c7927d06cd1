import type { MetaDescriptor } from "@remix-run/cloudflare";

type Match = { id: string; data: unknown; meta?: readonly MetaDescriptor[] };

/** Without the page's data the root's tags stay: a leaf's meta replaces its parents', an empty one leaves no <title>. */
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
