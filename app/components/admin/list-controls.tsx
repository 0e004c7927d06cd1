import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

import { Button, buttonClassName } from "#app/components/ui/button";
import { inputClass } from "#app/components/ui/form-field";
import { useTranslation } from "#app/utils/translations";

/** A parameter set to undefined or "" is removed. */
export function useHrefWith() {
  const location = useLocation();
  return (changes: Record<string, string | number | undefined | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined || value === null || value === "") params.delete(name);
      else params.set(name, String(value));
    }
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
}

export function ListSearch({
  label,
  placeholder,
  defaultValue,
  children,
}: {
  label: string;
  placeholder: string;
  defaultValue: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
      <div className="min-w-60 flex-1">
        <label htmlFor="list-search" className="mb-1 block text-sm font-semibold">
          {label}
        </label>
        <input
          id="list-search"
          name="q"
          type="search"
          defaultValue={defaultValue}
          placeholder={placeholder}
          maxLength={100}
          className={inputClass}
        />
      </div>
      {children}
      <Button type="submit" variant="primary" size="md">
        {t("layout.search")}
      </Button>
    </Form>
  );
}

export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation("admin");
  const hrefWith = useHrefWith();
  if (pages <= 1) return null;
  const link = buttonClassName("subtle", "compact");
  return (
    <nav aria-label={t("layout.pagination")} className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefWith({ page: page - 1 })} className={link} rel="prev">
          <span aria-hidden="true">←</span> {t("layout.previous")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-navy-700" aria-current="page">
        {t("layout.pageOf", { page, pages })}
      </p>
      {page < pages ? (
        <Link to={hrefWith({ page: page + 1 })} className={link} rel="next">
          {t("layout.next")} <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
