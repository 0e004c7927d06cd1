import type { ReactNode } from "react";

import type { ContentDocument } from "#app/content/localized";

export function ContentPage({
  document,
  before,
  children,
}: {
  document: ContentDocument;
  before?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="hyphens-auto break-words text-3xl font-bold sm:text-4xl">{document.title}</h1>
      {before}
      <p className="mt-4 text-lg text-navy-700">{document.intro}</p>
      {document.sections.map((section) => (
        <section key={section.heading} id={section.id} className="mt-8">
          <h2 className="text-xl font-bold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      {children}
    </article>
  );
}

export function contentMeta(document: ContentDocument | undefined) {
  return document ? [{ title: `${document.title} – JetMalin` }, { name: "description", content: document.intro }] : [];
}
