import type { Language } from "#app/i18n";
import type { Role } from "#app/utils/constants";
import type { Toast } from "#app/utils/toast";

export type RootUser = { id: string; firstName: string; role: Role; unread: number };

/** Here, not in root.tsx: the root imports the components that read it. */
export type RootLoaderData = {
  locale: Language;
  /** Swiss number formats (decision 052), from Accept-Language. */
  swissReader: boolean;
  toast: Toast | null;
  hasConsent: boolean;
  user: RootUser | null;
  requestId: string | null;
  meta: { title: string; description: string; errorTitles: Record<404 | 403 | 500, string> };
};
