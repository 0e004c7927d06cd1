// The root ErrorBoundary renders the 404, translated, in the site's frame.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
