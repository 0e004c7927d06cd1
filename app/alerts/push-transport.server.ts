// Where a push goes (docs/decisions/057-web-push.md): the push service of its endpoint, over the network; a
// subscription of the local push service is handed to it in process, as the dev mail transport keeps mails.
import type { Db } from "#app/db/client.server";
import type { AppEnv } from "#app/utils/env.server";

import { localDeviceId, receiveLocalPush } from "./local-push-service.server";
import type { PushRequest } from "./web-push.server";

/** `send` answers the push service's status; it throws only when the service could not be reached. */
export interface PushTransport {
  send(request: PushRequest): Promise<number>;
}

const PUSH_TIMEOUT_MS = 10_000;

export function createPushTransport(env: AppEnv, db: Db, now: () => Date): PushTransport {
  return {
    async send(request) {
      const deviceId = env.isLocal ? localDeviceId(request.endpoint, env.APP_URL) : null;
      if (deviceId !== null) {
        const receipt = await receiveLocalPush(db, {
          deviceId,
          endpoint: request.endpoint,
          headers: new Headers(request.headers),
          body: request.body,
          vapidPublicKey: env.VAPID_PUBLIC_KEY,
          now: now(),
        });
        return receipt.status;
      }
      const response = await fetch(request.endpoint, {
        method: "POST",
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.status;
    },
  };
}
