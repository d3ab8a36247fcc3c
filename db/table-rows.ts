import { Column, getTableColumns, SQL, type Table } from "drizzle-orm";

/*
 * A table's rows built by object literals compiled once for the table (`new Function`). Built key
 * by key, a row of some 90 columns is a dictionary-mode object to V8, slow to copy and to read; a
 * literal of the table's keys costs a few microseconds and gives a fast object.
 */

const keysOf = (table: Table) => Object.keys(getTableColumns(table));

function compile<T>(table: Table, parameter: string, valueOf: (key: string, index: number) => string, closure: unknown[] = []): T {
  const literal = keysOf(table)
    .map((key, index) => `${JSON.stringify(key)}: ${valueOf(JSON.stringify(key), index)}`)
    .join(", ");
  return new Function("closure", `return (${parameter}) => ({${literal}});`)(closure) as T;
}

/** A row as the driver gives it in array mode (the table's columns in order), each value decoded as drizzle decodes it. */
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
  for (const value of defaults) {
    if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) {
      throw new Error(`insertedRowOf: a default of ${table._.name} is not plain data`);
    }
  }
  // Written as literals: an array or object default is a new one for each row, as the database makes it.
  return compile(table, "given", (key, index) => `given[${key}] !== undefined ? given[${key}] : ${JSON.stringify(defaults[index])}`);
}
