export function absoluteUrl(appUrl: string, path: string, query?: Record<string, string>): string {
  const url = new URL(path, appUrl);
  if (query) for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
