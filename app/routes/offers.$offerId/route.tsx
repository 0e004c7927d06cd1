import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { NotFoundPanel } from "#app/components/not-found-panel";
import { OfferDetails, OfferThread } from "#app/components/offer-parts";
import { buttonClassName } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/form-field";
import { getRequestI18n } from "#app/i18n.server";
import { offerReader } from "#app/orders/offer-access.server";
import { customerOfferActionSchema } from "#app/orders/offer-forms";
import { offerView } from "#app/orders/offer-view";
import { listOfferMessages } from "#app/orders/offers.queries.server";
import { declineOffer, postOfferMessage } from "#app/orders/offers.server";
import { clientIp } from "#app/utils/client-key.server";
import { formatDateTime } from "#app/utils/format";
import { parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { offerAcceptPath, offerPagePath, orderPagePath } from "#app/utils/order-urls";
import { replyToForm } from "#app/utils/reply.server";
import { refusal } from "#app/utils/responses.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

export const handle = { i18n: ["offers"] };
export const clientLoader = loadingTranslations(handle.i18n);

async function notFound(request: Request, context: AppLoadContext) {
  const { t } = await getRequestI18n(request, context, "offers");
  return refusal(t("page.notFound.title"), 404);
}

/** The request's customer (signed in or through the mailed link), or staff with `requests:manage`, who only read. */
async function requireOfferReader(request: Request, params: LoaderFunctionArgs["params"], context: AppLoadContext) {
  const reader = await offerReader(request, context, params.offerId);
  if (!reader) throw await notFound(request, context);
  return reader;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { offer, linkKey, as } = await requireOfferReader(request, params, context);
  const { t, language } = await getRequestI18n(request, context, "offers");
  const messages = await listOfferMessages(context.db, { kind: offer.requestKind, id: offer.requestId });
  const view = offerView(offer, {
    now: context.now(),
    locale: language,
    window: (from, until) => t("window", { from, until }),
  });
  return {
    offer: view,
    byStaff: as === "staff",
    acceptPath: offerAcceptPath(offer.id, linkKey),
    orderPath: offer.orderId && as !== "link" ? orderPagePath(offer.orderId) : null,
    messages: messages.map((message) => ({ ...message, at: formatDateTime(message.createdAt) })),
    title: `${t("page.title", { route: view.route })} – JetMalin`,
    description: t("page.meta"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { offer, linkKey, as, user } = await requireOfferReader(request, params, context);
  // Staff answer from the request's page; this one is the customer's.
  if (as === "staff") throw await notFound(request, context);
  const submission = await parseRequest(request, { schema: customerOfferActionSchema });
  const { t } = await getRequestI18n(request, context, "offers");
  const here = offerPagePath(offer.id, linkKey);
  if (submission.status !== "success") return replyToForm(context, submission);
  const ip = clientIp(request);
  const outcome =
    submission.value.intent === "decline"
      ? await declineOffer(context, { offerId: offer.id, ip })
      : await postOfferMessage(context, {
          kind: offer.requestKind,
          id: offer.requestId,
          author: "customer",
          userId: user?.id ?? null,
          body: submission.value.body,
          ip,
        });
  if (!outcome.ok)
    return replyToForm(context, submission, {
      status: REFUSAL_STATUS[outcome.reason],
      formError: `errors.${outcome.reason}`,
      toast: { type: "error", description: t(`errors.${outcome.reason}`) },
    });
  const done = submission.value.intent === "decline" ? t("page.declined") : t("thread.sent");
  return redirectWithToast(context, here, { type: "success", description: done });
}

const REFUSAL_STATUS = { notOpen: 409, limited: 429, failed: 500 } as const;

export default function OfferPage() {
  const { offer, byStaff, acceptPath, orderPath, messages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("offers");
  const declining = useIsPending({ intent: "decline" });
  const open = offer.state === "open";
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("page.heading", { route: offer.route })}</h1>
      <p className="mt-2 text-navy-700">{t("page.version", { version: offer.version })}</p>
      <p role="status" data-testid="offer-state" className="mt-4 rounded-xl bg-navy-50 p-4 font-semibold">
        {t(`page.state.${offer.state}`, { date: offer.expires })}
      </p>
      <section aria-labelledby="offer-heading" className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
        <h2 id="offer-heading" className="mb-4 text-xl font-bold">
          {t("page.details")}
        </h2>
        <OfferDetails offer={offer} />
      </section>
      {orderPath ? (
        <p className="mt-6">
          <Link to={orderPath} className="font-semibold text-navy-700 underline">
            {t("page.order")}
          </Link>
        </p>
      ) : null}
      {open && !byStaff ? (
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <Link to={acceptPath} className={buttonClassName("accent", "lg", { ring: true })}>
            {t("page.accept")}
          </Link>
          <Form method="post">
            <input type="hidden" name="intent" value="decline" />
            <SubmitButton
              variant="primary"
              pending={declining}
              label={t("page.decline")}
              pendingLabel={t("page.declining")}
            />
          </Form>
        </div>
      ) : null}
      {byStaff ? null : (
        <OfferThread
          messages={messages}
          as="customer"
          errors={actionData?.result.error?.body ?? actionData?.result.error?.[""] ?? undefined}
        />
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [{ name: "robots", content: "noindex" }]);

export function ErrorBoundary() {
  const { t } = useTranslation("offers");
  return (
    <NotFoundPanel
      title={t("page.notFound.title")}
      text={t("page.notFound.text")}
      linkTo="/home"
      linkLabel={t("page.notFound.home")}
    />
  );
}
