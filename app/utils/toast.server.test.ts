import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";

import { getToast, redirectWithToast } from "./toast.server";

const context = {
  env: { isLocal: true, SESSION_SECRET: "local-development-only-not-a-secret" },
} as unknown as AppLoadContext;

describe("toasts", () => {
  it("flashes a toast through a redirect, shows it once, then clears it", async () => {
    const response = await redirectWithToast(context, "/home", { type: "success", description: "Déconnexion réussie" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/home");
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;

    const { toast, headers } = await getToast(new Request("http://x/home", { headers: { Cookie: cookie } }), context);
    expect(toast).toMatchObject({ type: "success", description: "Déconnexion réussie" });
    expect(headers?.get("Set-Cookie")).toMatch(/jm_toast=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("ignores a tampered cookie", async () => {
    const { toast } = await getToast(new Request("http://x/", { headers: { Cookie: "jm_toast=forged" } }), context);
    expect(toast).toBeNull();
  });
});
