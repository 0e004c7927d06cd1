/**
 * The routes of app/routes/, read from the folder itself, with a sample URL for each
 * (Remix v2 flat routes). Shared by the permission matrix, the hostile-input probe and
 * the action probe, so a new route file shows up in all without anyone adding it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";

export const ROUTES_DIR = "app/routes";

const MODULE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

/**
 * Every route module, as Remix's flat routes find them: a file of app/routes/
 * (`admin.sync.tsx`), or the `route.tsx` of a folder (`admin.users/route.tsx`), whose
 * other files are its components and not routes. Tests beside them are left out.
 * `file` is the route's name as a file of app/routes/ (`admin.users.tsx` for the folder):
 * the permission table and docs/permissions.md name a route by it, whichever form it has.
 */
export function routeModules(): Array<{ file: string; name: string; source: string }> {
  return readdirSync(ROUTES_DIR)
    .flatMap((entry) => {
      const path = `${ROUTES_DIR}/${entry}`;
      if (!statSync(path).isDirectory()) return MODULE.test(entry) && !TEST.test(entry) ? [{ entry, path }] : [];
      const route = readdirSync(path).find((file) => /^route\.tsx?$/.test(file));
      return route ? [{ entry: `${entry}${route.slice("route".length)}`, path: `${path}/${route}` }] : [];
    })
    .sort((a, b) => (a.entry < b.entry ? -1 : a.entry > b.entry ? 1 : 0))
    .map(({ entry, path }) => ({ file: entry, name: entry.replace(MODULE, ""), source: readFileSync(path, "utf8") }));
}

export type RouteFile = {
  /** `admin.orders.tsx`, also for the folder `admin.orders/route.tsx` (see `routeModules`). */
  file: string;
  /** `routes/admin.orders` */
  routeId: string;
  /** The document URL with sample params, `?index` for an index route. */
  path: string;
  hasLoader: boolean;
  hasAction: boolean;
  /** A page (default export) or a resource route. */
  isPage: boolean;
};

export type SampleParams = Record<string, string>;

/** `confirmation.$orderId.calendar[.]ics` -> `/confirmation/<orderId>/calendar.ics`; `$` is the splat. */
export function urlOf(name: string, params: SampleParams): string {
  // `[.]` is an escaped dot inside a segment, not a separator.
  const segments = name
    .replaceAll("[.]", "\u0000")
    .split(".")
    .filter((segment) => segment !== "_index")
    .map((segment) => {
      if (segment === "$") return params["*"] ?? "no-such-page";
      // A param may have a value for one route only: `exclusive-booking.$flightId:flightId`.
      // `$orderId_` is the param `orderId`, its route leaving the parent's layout.
      if (segment.startsWith("$")) {
        const param = segment.slice(1).replace(/_$/, "");
        return params[`${name}:${param}`] ?? params[param] ?? "probe-id";
      }
      // `profile_` leaves its parent's layout; `[.]json` is an escaped dot.
      return segment.replace(/_$/, "").replace(/^_/, "");
    })
    .map((segment) => segment.replaceAll("\u0000", "."));
  const joined = `/${segments.join("/")}`;
  return name.endsWith("_index") ? `${joined === "/" ? "/" : joined}?index` : joined;
}

/** Every route of the app, with its sample URL. */
export function readRoutes(params: SampleParams): RouteFile[] {
  return routeModules().map(({ file, name, source }) => ({
    file,
    routeId: `routes/${name}`,
    path: urlOf(name, params),
    hasLoader: /export (async )?function loader\b|export const loader\b/.test(source),
    hasAction: /export (async )?function action\b|export const action\b/.test(source),
    isPage: /export default\b/.test(source),
  }));
}

export const withQuery = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;

/** The three ways a Remix route answers: the document, single fetch's `.data`, the legacy `?_data=`. */
export type Form = "page" | "data" | "_data";
export const FORMS: Form[] = ["page", "data", "_data"];

export function urlFor(route: RouteFile, form: Form, method: "GET" | "POST"): string {
  if (form === "page") return route.path;
  if (form === "_data") return withQuery(route.path, `_data=${encodeURIComponent(route.routeId)}`);
  const [pathname, query] = route.path.split("?") as [string, string | undefined];
  const base = pathname === "/" ? "/_root.data" : `${pathname}.data`;
  // A GET asks for this route's loader only; a POST runs this route's action.
  const routes = method === "GET" ? `_routes=${encodeURIComponent(route.routeId)}` : "";
  return [base, [query, routes].filter(Boolean).join("&")].filter(Boolean).join("?");
}
