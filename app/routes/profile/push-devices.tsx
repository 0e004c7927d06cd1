// 'Notifications push' of the alerts section (docs/decisions/057-web-push.md): turn push on for this device (needs
// JavaScript and the service worker), see the devices that receive it, remove one (a plain form).
import { Form } from "@remix-run/react";
import { useRef, useState } from "react";

import { buttonClassName } from "#app/components/ui/button";
import { formatDay } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import { useHydrated } from "#app/utils/use-hydrated";
import { useIsPending } from "#app/utils/use-is-pending";
import { useLanguage } from "#app/utils/use-language";

const ALERTS_ACTION = "/profile/alerts";

export type PushSectionData = {
  pushDevices: Array<{ id: string; device: string; createdAt: Date | string }>;
  pushKey: string;
  /** Local development: the local push service stands for the browser's (/dev/push), which is offline here. */
  localPushService: boolean;
};

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string } };

async function subscribeThisDevice(pushKey: string, localPushService: boolean): Promise<Subscription | "denied"> {
  if ((await Notification.requestPermission()) !== "granted") return "denied";
  const registration = await navigator.serviceWorker.register("/sw.js");
  if (localPushService) {
    const response = await fetch("/dev/push/subscriptions", { method: "POST", body: new URLSearchParams() });
    if (!response.ok) throw new Error(`local push service: ${response.status}`);
    return (await response.json()) as Subscription;
  }
  await navigator.serviceWorker.ready;
  // A subscription made for another key (before a rotation) cannot be reused, and the browser refuses a second one.
  const previous = await registration.pushManager.getSubscription();
  if (previous && !sameKey(previous.options.applicationServerKey, pushKey)) await previous.unsubscribe();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: pushKey,
  });
  return subscription.toJSON() as Subscription;
}

function sameKey(key: ArrayBuffer | null, base64Url: string): boolean {
  if (!key) return false;
  const bytes = String.fromCharCode(...new Uint8Array(key));
  return btoa(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "") === base64Url.replace(/=+$/, "");
}

export function PushDevices({ pushDevices, pushKey, localPushService }: PushSectionData) {
  const { t } = useTranslation("auth");
  return (
    <section aria-labelledby="push-heading" className="mt-8 border-t border-navy-100 pt-6">
      <h3 id="push-heading" className="font-semibold">
        {t("alerts.pushTitle")}
      </h3>
      <p className="mt-2 text-navy-700">{t("alerts.pushIntro")}</p>
      {pushDevices.length === 0 ? (
        <p className="mt-4">{t("alerts.pushNone")}</p>
      ) : (
        <ul aria-label={t("alerts.devicesLabel")} className="mt-4 divide-y divide-navy-100">
          {pushDevices.map((device) => (
            <DeviceRow key={device.id} {...device} />
          ))}
        </ul>
      )}
      <TurnOnForm pushKey={pushKey} localPushService={localPushService} />
    </section>
  );
}

function DeviceRow({ id, device, createdAt }: PushSectionData["pushDevices"][number]) {
  const { t } = useTranslation("auth");
  const language = useLanguage();
  const pending = useIsPending({ formAction: ALERTS_ACTION, intent: "removePushDevice", field: ["deviceId", id] });
  return (
    <li className="flex items-center justify-between gap-4 py-2">
      <span>
        {device}{" "}
        <span className="text-sm text-navy-600">
          · {t("alerts.deviceAdded", { date: formatDay(new Date(createdAt), language) })}
        </span>
      </span>
      <Form method="post" action={ALERTS_ACTION}>
        <input type="hidden" name="intent" value="removePushDevice" />
        <input type="hidden" name="deviceId" value={id} />
        <button
          type="submit"
          aria-label={t("alerts.removeDeviceLabel", { device })}
          disabled={pending}
          aria-busy={pending}
          className="text-sm font-semibold text-red-700 underline"
        >
          {pending ? t("alerts.removingDevice") : t("alerts.removeDevice")}
        </button>
      </Form>
    </li>
  );
}

function TurnOnForm({ pushKey, localPushService }: Omit<PushSectionData, "pushDevices">) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [subscribing, setSubscribing] = useState(false);
  const [problem, setProblem] = useState<"denied" | "failed" | null>(null);
  const posting = useIsPending({ formAction: ALERTS_ACTION, intent: "subscribePush" });
  if (!hydrated) return <p className="mt-4 text-sm text-navy-600">{t("alerts.pushNeedsScript")}</p>;
  const supported =
    "serviceWorker" in navigator && "Notification" in window && (localPushService || "PushManager" in window);
  if (!supported) return <p className="mt-4 text-sm text-navy-600">{t("alerts.pushUnsupported")}</p>;
  const pending = subscribing || posting;
  const turnOn = async () => {
    setSubscribing(true);
    setProblem(null);
    try {
      const subscription = await subscribeThisDevice(pushKey, localPushService);
      if (subscription === "denied") return setProblem("denied");
      const fields = form.current!.elements;
      (fields.namedItem("endpoint") as HTMLInputElement).value = subscription.endpoint;
      (fields.namedItem("p256dh") as HTMLInputElement).value = subscription.keys.p256dh;
      (fields.namedItem("auth") as HTMLInputElement).value = subscription.keys.auth;
      form.current!.requestSubmit();
    } catch {
      setProblem("failed");
    } finally {
      setSubscribing(false);
    }
  };
  return (
    <Form ref={form} method="post" action={ALERTS_ACTION} className="mt-4">
      <input type="hidden" name="intent" value="subscribePush" />
      <input type="hidden" name="endpoint" />
      <input type="hidden" name="p256dh" />
      <input type="hidden" name="auth" />
      <button
        type="button"
        onClick={() => void turnOn()}
        disabled={pending}
        aria-busy={pending}
        className={buttonClassName("primary", "md", { ring: true, whenDisabled: "busy" })}
      >
        {pending ? t("alerts.pushTurningOn") : t("alerts.pushTurnOn")}
      </button>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t(problem === "denied" ? "alerts.pushDenied" : "alerts.errors.pushUnavailable")}
        </p>
      ) : null}
    </Form>
  );
}
