import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./format-csv";
import { parseCsv } from "./parse-csv";

describe("csvCell", () => {
  it("quotes what needs quoting and round-trips through parseCsv", () => {
    const values = ['say "hi"', "a,b", "line\nbreak", "plain", null];
    const line = csvLine(values);
    expect(line).toBe('"say ""hi""","a,b","line\nbreak",plain,\r\n');
    expect(parseCsv(line)).toEqual([['say "hi"', "a,b", "line\nbreak", "plain", ""]]);
  });

  it("defuses formulas but leaves phone numbers and signed numbers alone", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("+34600000000")).toBe("+34600000000");
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell("+cmd")).toBe("'+cmd");
  });
});
