import type { ReactNode } from "react";
import { Card, CardBody, CardHeader } from "@/components/ui/card";

/** One chart with its numbers as a table and a CSV download, so every figure can be read without the picture. */
export function ChartCard({
  title,
  description,
  csv,
  children,
  table,
}: {
  title: string;
  description: string;
  csv: string;
  children: ReactNode;
  table: ReactNode;
}) {
  return (
    <section aria-label={title}>
      <Card>
        <CardHeader title={title} description={description} />
        <CardBody className="space-y-4">
          <div className="h-72 w-full">{children}</div>
          <details>
            <summary className="cursor-pointer text-sm font-medium text-slate-800">The numbers</summary>
            <div className="mt-2 overflow-x-auto">{table}</div>
          </details>
          <a href={csv} className="text-sm text-indigo-700 underline underline-offset-2">
            Download CSV
          </a>
        </CardBody>
      </Card>
    </section>
  );
}

export function Table({ head, rows }: { head: string[]; rows: Array<Array<string | number>> }) {
  return (
    <table className="min-w-full text-left text-xs">
      <thead>
        <tr className="text-slate-500">
          {head.map((cell) => (
            <th key={cell} scope="col" className="py-1 pr-4 font-medium">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="text-slate-800">
        {rows.map((row, index) => (
          <tr key={index} className="border-t border-slate-100">
            {row.map((cell, column) => (
              <td key={column} className="py-1 pr-4 tabular-nums">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
