import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";

/** `/` goes to /home, keeping the query string (e.g. `?lng=de`). */
export function loader({ request }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`/home${search}`);
}
