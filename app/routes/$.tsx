/** Any unknown path: a 404 rendered by the root ErrorBoundary, translated, in the site's frame. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
