/**
 * The home search on a phone (390 px) and a laptop (1280 px): every select shows its whole
 * current text in fr, en and de ('All departure cities', not 'All departure c'). What a select needs is measured by
 * Chromium itself: a copy holding only the selected option, sized to its content, in the
 * same place (same font, padding, border and arrow), is no wider than the select.
 */
import { acceptEssentialCookies } from "./catalogue-helpers";
import { expect, settle, test } from "./fixtures";

test("at 390 px and 1280 px each select of the home search shows its whole text, in fr, en and de", async ({
  page,
  context,
}) => {
  await acceptEssentialCookies(context);
  const cut: string[] = [];
  for (const [width, language] of [390, 1280].flatMap((width) =>
    ["fr", "en", "de"].map((language) => [width, language] as const),
  )) {
    await page.setViewportSize({ width, height: 844 });
    // The radius's longest text: the departure city not chosen yet, 100 km around it.
    await page.goto(`/home?lng=${language}&radius=100`);
    await settle(page);
    const selects = page.locator("form[method=get] select");
    await expect(selects).toHaveCount(5);
    const cutHere = await selects.evaluateAll((elements) =>
      elements.flatMap((select) => {
        if (!(select instanceof HTMLSelectElement)) return [];
        const copy = select.cloneNode(false) as HTMLSelectElement;
        copy.appendChild(select.selectedOptions[0]!.cloneNode(true));
        Object.assign(copy.style, { width: "auto", minWidth: "0", position: "absolute", visibility: "hidden" });
        select.parentNode!.insertBefore(copy, select.nextSibling);
        const needed = copy.getBoundingClientRect().width;
        copy.remove();
        const width = select.getBoundingClientRect().width;
        const text = select.selectedOptions[0]!.text;
        return needed > width
          ? [`${innerWidth} px ${document.documentElement.lang} ${select.name} '${text}': ${needed} > ${width} px`]
          : [];
      }),
    );
    cut.push(...cutHere);
  }
  expect(cut).toEqual([]);
});
