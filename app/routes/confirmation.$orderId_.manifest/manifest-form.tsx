import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form } from "@remix-run/react";

import { FormAlert, FormField, inputClass, SubmitButton } from "#app/components/ui/form-field";
import type { LuggageLimits } from "#app/content/luggage";
import {
  type ManifestLineInput,
  manifestSchema,
  type ManifestTrip,
  MAX_MANIFEST_NAME,
} from "#app/orders/manifest-forms";
import { TRAVEL_DOCUMENT_KINDS } from "#app/utils/constants";
import { parseForm } from "#app/utils/forms/parse";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

type Country = { code: string; name: string };
type Kept = { documentNumber: string | null; birthDate: boolean };
type Data = {
  lines: ManifestLineInput[];
  kept: Kept[];
  trip: ManifestTrip;
  limits: LuggageLimits;
  travellers: number;
  editable: boolean;
  countries: Country[];
  order: { luggagePieces: number | null; luggageKg: number | null; pets: number | null };
};

const asText = (value: number | null) => (value === null ? undefined : String(value));

/** 'Passagers et documents': one fieldset per traveller, then the booking's luggage (schema: orders/manifest-forms.ts). */
export function ManifestForm({ data, lastResult }: { data: Data; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("catalogue");
  const pending = useIsPending();
  const schema = manifestSchema(data.trip, data.limits, data.travellers);
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      passengers: data.lines,
      luggagePieces: asText(data.order.luggagePieces),
      luggageKg: asText(data.order.luggageKg),
      pets: asText(data.order.pets),
    },
    onValidate: ({ formData }) => parseForm(formData, { schema }),
  });
  const lines = fields.passengers.getFieldList();
  const { limits, travellers } = data;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-8">
      <FormAlert id={form.errorId} messages={form.errors?.map((error) => t(error))} />
      <p className="text-sm text-navy-700">{t("manifest.hint")}</p>
      <fieldset disabled={!data.editable} className="space-y-8">
        {Array.from({ length: travellers }, (_, index) => (
          <PassengerFieldset
            key={index}
            index={index}
            field={lines[index]}
            kept={data.lines[index]?.documentNumber === undefined ? data.kept[index] : undefined}
            countries={data.countries}
          />
        ))}
        <fieldset className="rounded-2xl bg-white p-6 ring-1 ring-navy-100">
          <legend className="px-1 text-lg font-bold">{t("manifest.luggage.legend")}</legend>
          <p className="text-sm text-navy-700">
            {t("manifest.luggage.limits", {
              pieces: limits.piecesPerPassenger * travellers,
              kg: limits.kgPerPassenger * travellers,
              pets: limits.pets,
            })}
          </p>
          <div className="mt-4 grid gap-x-4 sm:grid-cols-3">
            <NumberField field={fields.luggagePieces} label={t("manifest.luggage.pieces")} />
            <NumberField field={fields.luggageKg} label={t("manifest.luggage.kg")} />
            <NumberField field={fields.pets} label={t("manifest.luggage.pets")} />
          </div>
        </fieldset>
      </fieldset>
      {data.editable ? (
        <SubmitButton
          name="intent"
          value="save"
          pending={pending}
          label={t("manifest.save")}
          pendingLabel={t("manifest.saving")}
          variant="primary"
        />
      ) : null}
    </Form>
  );
}

type LineField = FieldMetadata<ManifestLineInput> | undefined;

function PassengerFieldset({
  index,
  field,
  kept,
  countries,
}: {
  index: number;
  field: LineField;
  /** What is stored but not sent back: shown as kept, a blank field keeping it. */
  kept?: Kept;
  countries: Country[];
}) {
  const { t } = useTranslation("catalogue");
  if (!field) return null;
  const line = field.getFieldset();
  return (
    <fieldset className="rounded-2xl bg-white p-6 ring-1 ring-navy-100">
      <legend className="px-1 text-lg font-bold">{t("manifest.passenger", { number: index + 1 })}</legend>
      <input {...getInputProps(line.version, { type: "hidden" })} key={line.version.key} />
      <div className="mt-2 grid gap-x-4 sm:grid-cols-2">
        <TextInput field={line.givenNames} label={t("manifest.fields.givenNames")} autoComplete="off" />
        <TextInput field={line.surname} label={t("manifest.fields.surname")} autoComplete="off" />
        <TextInput
          field={line.birthDate}
          label={t("manifest.fields.birthDate")}
          type="date"
          hint={kept?.birthDate ? t("manifest.kept.birthDate") : undefined}
        />
        <CountrySelect field={line.nationality} label={t("manifest.fields.nationality")} countries={countries} />
        <FormField
          namespace="catalogue"
          id={line.documentKind.id}
          label={t("manifest.fields.documentKind")}
          errorId={line.documentKind.errorId}
          errors={line.documentKind.errors}
        >
          <select {...getSelectProps(line.documentKind)} key={line.documentKind.key} className={inputClass}>
            <option value="">{t("manifest.choose")}</option>
            {TRAVEL_DOCUMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`manifest.documentKinds.${kind}`)}
              </option>
            ))}
          </select>
        </FormField>
        <TextInput
          field={line.documentNumber}
          label={t("manifest.fields.documentNumber")}
          autoComplete="off"
          hint={kept?.documentNumber ? t("manifest.kept.documentNumber", { end: kept.documentNumber }) : undefined}
        />
        <CountrySelect field={line.issuer} label={t("manifest.fields.issuer")} countries={countries} />
        <TextInput field={line.expiresOn} label={t("manifest.fields.expiresOn")} type="date" />
      </div>
    </fieldset>
  );
}

function TextInput({
  field,
  label,
  type = "text",
  autoComplete,
  hint,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "date";
  autoComplete?: string;
  hint?: string;
}) {
  const hintId = `${field.id}-kept`;
  const inputProps = getInputProps(field, { type });
  const describedBy = [inputProps["aria-describedby"], hint ? hintId : undefined].filter(Boolean).join(" ");
  return (
    <FormField namespace="catalogue" id={field.id} label={label} errorId={field.errorId} errors={field.errors}>
      {hint ? (
        <p id={hintId} className="mb-1 text-sm text-navy-700">
          {hint}
        </p>
      ) : null}
      <input
        {...inputProps}
        aria-describedby={describedBy || undefined}
        key={field.key}
        maxLength={type === "text" ? MAX_MANIFEST_NAME : undefined}
        autoComplete={autoComplete}
        className={inputClass}
      />
    </FormField>
  );
}

function NumberField({ field, label }: { field: FieldMetadata<number | undefined>; label: string }) {
  return (
    <FormField namespace="catalogue" id={field.id} label={label} errorId={field.errorId} errors={field.errors}>
      <input
        {...getInputProps(field, { type: "number" })}
        key={field.key}
        min={0}
        inputMode="numeric"
        className={inputClass}
      />
    </FormField>
  );
}

function CountrySelect({
  field,
  label,
  countries,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  countries: Country[];
}) {
  const { t } = useTranslation("catalogue");
  return (
    <FormField namespace="catalogue" id={field.id} label={label} errorId={field.errorId} errors={field.errors}>
      <select {...getSelectProps(field)} key={field.key} className={inputClass}>
        <option value="">{t("manifest.choose")}</option>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
    </FormField>
  );
}
