import { describe, expect, it } from "vitest";
import { InvalidError } from "@/lib/domain-errors";
import { validatePhones } from "./validate-contacts";

describe("phone numbers for SMS notifications", () => {
  it("accepts international numbers as written by people and stores them in E.164 form, once", () => {
    expect(validatePhones(["+1 (415) 555-0123", "+14155550123", "+44 7911 123456"])).toEqual(["+14155550123", "+447911123456"]);
  });

  it.each(["+12345", "4155550123", "+999123456789", "+1 415 555 012", "call me"])("refuses %s, naming the field", (phone) => {
    let caught: unknown;
    try {
      validatePhones([phone], "customers[0].phone_number");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidError);
    expect((caught as InvalidError).field).toBe("customers[0].phone_number");
    expect((caught as InvalidError).message).toContain(`"${phone}" is not a valid phone number`);
  });
});
