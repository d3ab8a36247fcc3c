import { Column, getTableColumns, SQL, type Table } from "drizzle-orm";

/*
 * A table's rows built by object literals compiled once for the table (`new Function`). Drizzle
 * maps and copies a row key by key, checking each field's kind with `is()`: for a table of some 90
 * columns that leaves V8 a dictionary-mode object and costs tens of microseconds a row, more than
 * the hot statements' own work. A literal of the table's keys costs a few and gives a fast object.
 */

const keysOf = (table: Table) => Object.keys(getTableColumns(table));

function compile<T>(table: Table, parameter: string, valueOf: (key: string, index: number) => string, closure: unknown[] = []): T {
  const literal = keysOf(table)
    .map((key, index) => `${JSON.stringify(key)}: ${valueOf(JSON.stringify(key), index)}`)
    .join(", ");
  return new Function("closure", `return (${parameter}) => ({${literal}});`)(closure) as T;
}

/** A copy of a row's columns (and nothing else it carries, such as a relation). */
export function columnCopier<TTable extends Table>(table: TTable): (row: TTable["$inferSelect"]) => TTable["$inferSelect"] {
  return compile(table, "row", (key) => `row[${key}]`);
}

/** A row as the driver returns it in array mode (the table's columns in order), decoded as drizzle decodes it. */
export function driverRowMapper<TTable extends Table>(table: TTable): (values: unknown[]) => TTable["$inferSelect"] {
  const decoders = Object.values(getTableColumns(table)).map((column) =>
    column.mapFromDriverValue === Column.prototype.mapFromDriverValue ? null : (value: unknown) => column.mapFromDriverValue(value),
  );
  return compile(
    table,
    "values",
    (_, index) => (decoders[index] ? `values[${index}] === null ? null : closure[${index}](values[${index}])` : `values[${index}]`),
    decoders,
  );
}

/** The row an insert of `given` returns, where the schema states every default in JavaScript (an SQL default, such as now(), reads null). */
export function insertedRowOf<TTable extends Table>(table: TTable): (given: TTable["$inferInsert"]) => TTable["$inferSelect"] {
  const defaults = Object.values(getTableColumns(table)).map((column) =>
    column.hasDefault && column.default !== undefined && !(column.default instanceof SQL) ? column.default : null,
  );
  // An array or object default is copied for each row, as the database makes each row its own.
  const defaultOf = (index: number) =>
    typeof defaults[index] === "object" && defaults[index] !== null ? `structuredClone(closure[${index}])` : `closure[${index}]`;
  return compile(table, "given", (key, index) => `given[${key}] !== undefined ? given[${key}] : ${defaultOf(index)}`, defaults);
}
