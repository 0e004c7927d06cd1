import type { ReactNode } from "react";

export type CardTableColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The header is read, not shown (an action column): on a card, the cell stands alone under the pairs. */
  action?: boolean;
  className?: string;
};

/**
 * Both are in the HTML and CSS shows one (`display: none` also hides the other from screen
 * readers): nothing behind a sideways scroll on a phone, and no JavaScript needed.
 */
export function CardTable<Row>({
  columns,
  rows,
  rowKey,
  labelledBy,
  tableClassName = "",
  rowTestId,
  cardTestId,
}: {
  columns: readonly CardTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  labelledBy: string;
  tableClassName?: string;
  rowTestId?: string;
  cardTestId?: string;
}) {
  const pairs = columns.filter((column) => !column.action);
  const actions = columns.filter((column) => column.action);
  return (
    <>
      <ul className="mt-4 space-y-3 md:hidden" aria-labelledby={labelledBy}>
        {rows.map((row) => (
          <li
            key={rowKey(row)}
            className="rounded-xl bg-white p-4 text-sm ring-1 ring-navy-100"
            data-testid={cardTestId}
          >
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
              {pairs.map((column) => (
                <div key={column.header} className="contents">
                  <dt className="text-navy-700">{column.header}</dt>
                  <dd className="break-words font-semibold">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {actions.map((column) => (
              <div key={column.header} className="mt-3">
                {column.cell(row)}
              </div>
            ))}
          </li>
        ))}
      </ul>
      <div className="mt-4 hidden overflow-x-auto md:block">
        <table className={`w-full text-left text-sm ${tableClassName}`} aria-labelledby={labelledBy}>
          <thead>
            <tr className="border-b border-navy-200">
              {columns.map((column, index) => (
                <th key={column.header} scope="col" className={index < columns.length - 1 ? "py-2 pr-4" : "py-2"}>
                  {column.action ? <span className="sr-only">{column.header}</span> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="border-b border-navy-100" data-testid={rowTestId}>
                {columns.map((column, index) => (
                  <td
                    key={column.header}
                    className={`${index < columns.length - 1 ? "py-2 pr-4" : "py-2"} ${column.className ?? ""}`}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
