import { describe, expect, it } from "vitest";
import { parseCsv } from "./parse-csv";

describe("parseCsv", () => {
  it("reads quotes, doubled quotes, commas and line breaks inside quotes, CRLF and a BOM", () => {
    const text = '\uFEFFtracking_number,title\r\nA1,"Hello, ""world"""\r\nB2,"two\nlines"\n\nC3,\n';
    expect(parseCsv(text)).toEqual([
      ["tracking_number", "title"],
      ["A1", 'Hello, "world"'],
      ["B2", "two\nlines"],
      ["C3", ""],
    ]);
  });

  it("reads semicolon-separated files as some spreadsheets save them", () => {
    expect(parseCsv("tracking_number;slug\nA1;ups")).toEqual([
      ["tracking_number", "slug"],
      ["A1", "ups"],
    ]);
  });

  it("refuses an unterminated quote", () => {
    expect(() => parseCsv('a,b\n1,"open')).toThrow(/closing "/);
  });
});
