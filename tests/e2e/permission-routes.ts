/**
 * The routes of app/routes/, read from the folder itself, with a sample URL for each
 * (Remix v2 flat routes). Shared by the permission matrix and the hostile-input probe,
 * so a new route file shows up in both without anyone adding it.
 */
import { readdirSync, readFileSync } from "node:fs";

export const ROUTES_DIR = "app/routes";

export type RouteFile = {
  /** `admin.orders.tsx` */
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
      if (segment.startsWith("$"))
        return params[`${name}:${segment.slice(1)}`] ?? params[segment.slice(1)] ?? "probe-id";
      // `profile_` leaves its parent's layout; `[.]json` is an escaped dot.
      return segment.replace(/_$/, "").replace(/^_/, "");
    })
    .map((segment) => segment.replaceAll("\u0000", "."));
  const joined = `/${segments.join("/")}`;
  return name.endsWith("_index") ? `${joined === "/" ? "/" : joined}?index` : joined;
}

/** Every route module of the app (tests beside them left out). */
export function readRoutes(params: SampleParams): RouteFile[] {
  return readdirSync(ROUTES_DIR)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .sort()
    .map((file) => {
      const source = readFileSync(`${ROUTES_DIR}/${file}`, "utf8");
      const name = file.replace(/\.tsx?$/, "");
      return {
        file,
        routeId: `routes/${name}`,
        path: urlOf(name, params),
        hasLoader: /export (async )?function loader\b|export const loader\b/.test(source),
        hasAction: /export (async )?function action\b|export const action\b/.test(source),
        isPage: /export default\b/.test(source),
      };
    });
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
