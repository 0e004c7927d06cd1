import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Link } from "@remix-run/react";

import { useTranslation } from "#app/utils/translations";

/** The terms' checkbox of a booking, its link and its error: the checkout's and an accepted offer's. */
export function TermsConsent({ field }: { field: FieldMetadata<string | undefined> }) {
  const { t } = useTranslation("catalogue");
  return (
    <div>
      <label className="flex items-start gap-3">
        <input {...getInputProps(field, { type: "checkbox" })} key={field.key} className="mt-1 h-5 w-5" />
        <span>
          {t("checkout.terms")} (
          <Link to="/terms" target="_blank" className="underline">
            {t("checkout.termsLink")}
          </Link>
          )
        </span>
      </label>
      <p id={field.errorId} className="mt-1 min-h-5 text-sm text-red-700">
        {field.errors?.length ? t(field.errors[0]!) : null}
      </p>
    </div>
  );
}
