import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { localDeviceId, localEndpoint, receiveLocalPush } from "#app/alerts/local-push-service.server";
import { requireLocalDoor } from "#app/utils/local-door.server";

/** A push service takes a record of at most 4096 octets; a little more is read, then refused. */
const MAX_BODY = 8192;

export function loader({ request, context }: LoaderFunctionArgs) {
  requireLocalDoor(context, request);
  return Response.json({ message: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

/** The local push service's endpoint, as a push service answers a POST (RFC 8030): 201, or 401, 410 … */
export async function action({ request, context, params }: ActionFunctionArgs) {
  requireLocalDoor(context, request);
  // The endpoint as the subscription names it (APP_URL), whatever port this server answers on.
  const endpoint = localEndpoint(context.env.APP_URL, params.deviceId ?? "");
  const deviceId = localDeviceId(endpoint, context.env.APP_URL);
  if (deviceId === null) return new Response(null, { status: 404 });
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.byteLength > MAX_BODY) return new Response(null, { status: 413 });
  const receipt = await receiveLocalPush(context.db, {
    deviceId,
    endpoint,
    headers: request.headers,
    body,
    vapidPublicKey: context.env.VAPID_PUBLIC_KEY,
    now: context.now(),
  });
  return new Response(null, { status: receipt.status });
}
