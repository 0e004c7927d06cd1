import { z, type Infer } from "#app/utils/zod";

/** The one-shot message of the next page (utils/toast.server.ts writes and reads it), shared with the Toaster. */
export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "message"]),
  title: z.string().optional(),
  description: z.string(),
  /** A link the toast offers (e.g. 'Se connecter'): a path of this site only. */
  action: z.object({ label: z.string(), href: z.string().startsWith("/") }).optional(),
  /**
   * Shown as the back-office's result banner (docs/back-office.md 'The frame': green for
   * success, red for failure) where the /admin frame is on screen; a toast elsewhere.
   */
  banner: z.boolean().optional(),
});
export type Toast = Infer<typeof toastSchema>;
export type ToastInput = Omit<Toast, "id"> & { id?: string };
