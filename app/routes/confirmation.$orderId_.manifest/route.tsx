import {
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";

import { NotFoundPanel } from "#app/components/not-found-panel";
import { company } from "#app/content/company";
import { DOCUMENT_COUNTRY_CODES, documentCountryName } from "#app/content/document-countries";
import { identityCardAccepted } from "#app/content/travel-areas";
import { getRequestI18n } from "#app/i18n.server";
import { recordManifestAccess } from "#app/orders/manifest.queries.server";
import { openManifest, saveManifest } from "#app/orders/manifest.server";
import { manifestSchema } from "#app/orders/manifest-forms";
import { manifestReader } from "#app/orders/order-access.server";
import { parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { orderManifestPath, orderPagePath } from "#app/utils/order-urls";
import { replyToForm } from "#app/utils/reply.server";
import { refusal } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";
import { useCityName } from "#app/utils/use-language";

import { ManifestForm } from "./manifest-form";

async function notFound(request: Request, context: AppLoadContext) {
  const { t } = await getRequestI18n(request, context, "catalogue");
  return refusal(t("order.notFound.title"), 404);
}

/** The reader: its owner, its link's holder, or staff with `manifests:manage` (who write after the deadline). */
async function requireManifest(request: Request, params: LoaderFunctionArgs["params"], context: AppLoadContext) {
  const reader = await manifestReader(request, context, params.orderId);
  const manifest = reader ? await openManifest(context, reader.orderId) : null;
  if (!reader || !manifest) throw await notFound(request, context);
  return { ...reader, manifest, byStaff: reader.as === "staff" };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { manifest, user, byStaff } = await requireManifest(request, params, context);
  if (byStaff)
    await recordManifestAccess(context.db, {
      flightId: manifest.flight.id,
      orderId: manifest.order.id,
      userId: user?.id ?? null,
      action: "view",
      now: context.now(),
    });
  const { t, language } = await getRequestI18n(request, context, "catalogue");
  const countries = DOCUMENT_COUNTRY_CODES.map((code) => ({ code, name: documentCountryName(code, language) })).sort(
    (a, b) => a.name.localeCompare(b.name, language),
  );
  return {
    order: { id: manifest.order.id, reference: manifest.order.reference, ...pickLuggage(manifest.order) },
    flight: {
      departureDate: manifest.flight.departureDate,
      from: manifest.from.servedCity,
      to: manifest.to.servedCity,
    },
    // Document numbers and dates of birth go back to staff only; the others see that one is kept, and its end.
    lines: byStaff ? manifest.lines : manifest.lines.map(({ documentNumber: _n, birthDate: _b, ...line }) => line),
    kept: manifest.lines.map((line) => ({
      documentNumber: line.documentNumber ? `•••${line.documentNumber.slice(-3)}` : null,
      birthDate: line.birthDate !== undefined,
    })),
    trip: manifest.trip,
    limits: manifest.limits,
    travellers: manifest.travellers,
    deadline: manifest.deadline,
    editable: manifest.access === "open" || (manifest.access === "locked" && byStaff),
    access: manifest.access,
    byStaff,
    missing: manifest.missing,
    passportOnly: !identityCardAccepted({ ...manifest.trip, issuer: "CH" }),
    countries,
    contact: { phone: company.reservationsPhone, email: company.customerServiceEmail },
    title: `${t("manifest.title")} – JetMalin`,
    description: t("manifest.meta"),
  };
}

const pickLuggage = (order: { luggagePieces: number | null; luggageKg: number | null; pets: number | null }) => ({
  luggagePieces: order.luggagePieces,
  luggageKg: order.luggageKg,
  pets: order.pets,
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { orderId, linkKey, manifest, user, byStaff } = await requireManifest(request, params, context);
  const schema = manifestSchema(manifest.trip, manifest.limits, manifest.travellers);
  const submission = await parseRequest(request, { schema });
  const { t } = await getRequestI18n(request, context, "catalogue");
  if (submission.status !== "success") return replyToForm(context, submission, { formError: "manifest.errors.form" });
  const outcome = await saveManifest(context, { orderId, userId: user?.id ?? null, byStaff, form: submission.value });
  if (!outcome.ok) {
    if (outcome.reason === "notFound") throw await notFound(request, context);
    return replyToForm(context, submission, { status: 409, formError: `manifest.errors.${outcome.reason}` });
  }
  const done =
    outcome.missing === 0 ? t("manifest.saved.complete") : t("manifest.saved.missing", { count: outcome.missing });
  return redirectWithToast(context, orderManifestPath(orderId, linkKey), { type: "success", description: done });
}

export default function ManifestPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const { t, language } = useTranslation("catalogue");
  const city = useCityName();
  const [searchParams] = useSearchParams();
  const linkKey = searchParams.get("key");
  const deadline = new Intl.DateTimeFormat(language, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "Europe/Zurich",
  }).format(new Date(data.deadline));
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <p>
        <Link to={orderPagePath(data.order.id, linkKey)} className="text-navy-700 underline">
          {t("manifest.back", { reference: data.order.reference })}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t("manifest.title")}</h1>
      <p className="mt-2 text-lg">{`${city(data.flight.from)} → ${city(data.flight.to)}`}</p>
      <p className="mt-4" data-testid="manifest-state">
        {data.missing === 0 ? t("manifest.state.complete") : t("manifest.state.missing", { count: data.missing })}
      </p>
      {data.access === "open" ? (
        <p className="mt-2 text-navy-700">{t("manifest.until", { deadline })}</p>
      ) : data.access === "locked" ? (
        <div role="status" className="mt-4 rounded-lg border border-gold-400 bg-gold-50 p-4">
          <p className="font-semibold">{t("manifest.locked.title", { deadline })}</p>
          <p className="mt-1">
            {data.byStaff
              ? t("manifest.locked.staff")
              : t("manifest.locked.contact", { phone: data.contact.phone, email: data.contact.email })}
          </p>
        </div>
      ) : (
        <p role="status" className="mt-4 rounded-lg bg-navy-50 p-4">
          {t("manifest.closed")}
        </p>
      )}
      {data.passportOnly ? <p className="mt-4 font-semibold">{t("manifest.passportOnly")}</p> : null}
      {/* A new save's versions make a new form: its hidden versions are the ones the page now shows. */}
      <ManifestForm key={data.lines.map((line) => line.version).join("-")} data={data} lastResult={lastResult} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [{ name: "robots", content: "noindex" }]);

export function ErrorBoundary() {
  const { t } = useTranslation("catalogue");
  return (
    <NotFoundPanel
      title={t("order.notFound.title")}
      text={t("order.notFound.text")}
      linkTo="/home"
      linkLabel={t("order.notFound.home")}
    />
  );
}
