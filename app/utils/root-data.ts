import type { Language } from "#app/i18n";
import type { Role } from "#app/utils/constants";
import type { Toast } from "#app/utils/toast";

/** The signed-in user as the frame shows them: only what the header needs. */
export type RootUser = { id: string; firstName: string; role: Role; unread: number };

/**
 * What the root loader (app/root.tsx) gives every page: the frame's data. A component
 * reads it with `useRouteLoaderData<RootLoaderData>("root")`; the shape lives here, not in
 * root.tsx, because the root imports those components (a component importing the root's
 * `typeof loader` closed a circle). The loader is checked against this type.
 */
export type RootLoaderData = {
  locale: Language;
  toast: Toast | null;
  hasConsent: boolean;
  user: RootUser | null;
  /** For the error page of a client-side navigation (utils/request-id.ts). */
  requestId: string | null;
  meta: { title: string; description: string; errorTitles: Record<404 | 403 | 500, string> };
};
