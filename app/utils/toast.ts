import { type Infer, z } from "#app/utils/zod";

export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "message"]),
  title: z.string().optional(),
  description: z.string(),
  action: z.object({ label: z.string(), href: z.string().startsWith("/") }).optional(),
  /** The back-office's result banner where the /admin frame is on screen; a toast elsewhere. */
  banner: z.boolean().optional(),
});
export type Toast = Infer<typeof toastSchema>;
export type ToastInput = Omit<Toast, "id"> & { id?: string };
