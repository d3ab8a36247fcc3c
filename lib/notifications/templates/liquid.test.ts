import { describe, expect, it } from "vitest";
import { renderTemplate, templateProblem } from "./liquid";

describe("merchant templates in Liquid", () => {
  it("print the variables, escaping them in HTML only", () => {
    const variables = { customer_name: "Ana <b>", status: "Delivered" };
    expect(renderTemplate("Hi {{ customer_name }}: {{ status | upcase }}", variables, "plain")).toBe("Hi Ana <b>: DELIVERED");
    expect(renderTemplate("<p>Hi {{ customer_name }}</p>", variables, "html")).toBe("<p>Hi Ana &lt;b&gt;</p>");
  });

  it("name the line and the reason of a template that does not parse", () => {
    expect(templateProblem("Hello\n{% if status %}open")).toMatchObject({ line: 2, reason: expect.stringContaining("not closed") });
    expect(templateProblem("one\ntwo\n{{ status | nonsense }}")).toMatchObject({ line: 3, reason: expect.stringContaining("nonsense") });
    expect(templateProblem("{{ status }}")).toBeNull();
  });

  it("cannot reach files, prototypes or code", () => {
    expect(() => renderTemplate("{% include '/etc/passwd' %}", {}, "plain")).toThrow();
    expect(renderTemplate("{{ status.constructor }}{{ status.__proto__ }}", { status: "x" }, "plain")).toBe("");
    expect(renderTemplate("{{ order.constructor.constructor }}", { order: {} }, "plain")).toBe("");
  });

  it("stop a template that would render without end", () => {
    expect(() => renderTemplate("{% for i in (1..100000000) %}{{ i }}{% endfor %}", {}, "plain")).toThrow();
  });
});
