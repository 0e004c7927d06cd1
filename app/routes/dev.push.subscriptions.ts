import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { createLocalDevice } from "#app/alerts/local-push-service.server";
import { requireLocalDoor } from "#app/utils/local-door.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  requireLocalDoor(context, request);
  return Response.json({ message: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

/** A new device of the local push service: the subscription `PushManager.subscribe()` would give (decision 057). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireLocalDoor(context, request);
  return Response.json(await createLocalDevice(context.db, context.env.APP_URL), { status: 201 });
}
