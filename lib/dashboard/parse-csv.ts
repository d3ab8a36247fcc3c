import { InvalidError } from "@/lib/domain-errors";

/**
 * Reads CSV as RFC 4180 writes it (quoted fields, doubled quotes, line breaks inside quotes, CRLF
 * or LF) into records. A header without commas but with semicolons means semicolon-separated, as
 * spreadsheets in some locales save it. Blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, "");
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const delimiter = !firstLine.includes(",") && firstLine.includes(";") ? ";" : ",";
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let index = 0;
  const endRecord = () => {
    record.push(field);
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
    field = "";
  };
  while (index < source.length) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      index += 1;
      continue;
    }
    if (char === '"' && field === "") quoted = true;
    else if (char === delimiter) {
      record.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      endRecord();
      if (char === "\r" && source[index + 1] === "\n") index += 1;
    } else field += char;
    index += 1;
  }
  if (quoted) throw new InvalidError("file", "format", `The CSV ends inside a quoted field (record ${records.length + 1}): a closing " is missing.`);
  if (field !== "" || record.length) endRecord();
  return records;
}
