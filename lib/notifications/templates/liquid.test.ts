import { createServer, type Server } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { OUTPUT_LIMITS, renderMessage, templateProblem, TOTAL_OUTPUT_LIMIT } from "./liquid";
import type { MessageTemplate } from "./default-templates";

const blank: MessageTemplate = { subject: "s", html: "<p>h</p>", text: "t", sms: "m" };
const part = (name: keyof MessageTemplate, source: string, variables: Record<string, unknown> = {}) =>
  renderMessage({ ...blank, [name]: source }, variables).then((message) => message[name]);

describe("merchant templates in Liquid", () => {
  it("print the variables, escaping them in HTML only", async () => {
    const variables = { customer_name: "Ana <b>", status: "Delivered" };
    expect(await part("text", "Hi {{ customer_name }}: {{ status | upcase }}", variables)).toBe("Hi Ana <b>: DELIVERED");
    expect(await part("html", "<p>Hi {{ customer_name }}</p>", variables)).toBe("<p>Hi Ana &lt;b&gt;</p>");
    expect(await part("subject", "Your\n  order {{ status }}", variables)).toBe("Your order Delivered");
  });

  it("name the line and the reason of a template that does not parse", () => {
    expect(templateProblem("Hello\n{% if status %}open")).toMatchObject({ line: 2, reason: expect.stringContaining("not closed") });
    expect(templateProblem("one\ntwo\n{{ status | nonsense }}")).toMatchObject({ line: 3, reason: expect.stringContaining("nonsense") });
    expect(templateProblem("{{ status }}")).toBeNull();
  });

  it("cannot reach files, prototypes or code", async () => {
    await expect(part("text", "{% include '/etc/passwd' %}")).rejects.toMatchObject({ field: "text" });
    expect(await part("text", "{{ status.constructor }}{{ status.__proto__ }}", { status: "x" })).toBe("");
    expect(await part("text", "{{ order.constructor.constructor }}", { order: {} })).toBe("");
  });
});

describe("a template's output", () => {
  it("is bounded per part, and the refusal names the part", async () => {
    const loop = (times: number, body: string) => `{% for i in (1..${times}) %}${body}{% endfor %}`;
    await expect(part("sms", loop(200, "0123456789"))).rejects.toMatchObject({
      kind: "invalid",
      field: "sms",
      message: `sms: renders to more than ${OUTPUT_LIMITS.sms.toLocaleString("en")} characters; shorten loops and repeated text.`,
    });
    // The 200 MB template of the report: nested loops within the memory and source limits.
    const runaway = loop(900, loop(900, "x".repeat(200)));
    const started = performance.now();
    await expect(part("html", runaway)).rejects.toMatchObject({ field: "html", message: expect.stringContaining("renders to more than 200,000") });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await part("text", loop(100, "0123456789"))).toHaveLength(1_000);
  });

  it("is bounded in all, and a template that builds text without printing it fails alone", async () => {
    const big = `{% for i in (1..${OUTPUT_LIMITS.text / 10}) %}0123456789{% endfor %}`;
    const html = `{% for i in (1..${OUTPUT_LIMITS.html / 10}) %}0123456789{% endfor %}`;
    await expect(renderMessage({ ...blank, html, text: big }, {})).rejects.toMatchObject({
      field: "text",
      message: `text: the message renders to more than ${TOTAL_OUTPUT_LIMIT.toLocaleString("en")} characters in all.`,
    });
    // Doubling a captured string 40 times: never printed, so only the worker's limits stop it.
    const doubling = `{% capture a %}x{% endcapture %}${"{% capture a %}{{ a }}{{ a }}{% endcapture %}".repeat(40)}{{ a | size }}`;
    await expect(part("text", doubling)).rejects.toMatchObject({ field: "text" });
    // The worker that failed is replaced: the next message renders.
    expect(await part("text", "still {{ status }}", { status: "here" })).toBe("still here");
  });
});

describe("rendering off the event loop", () => {
  let server: Server;
  afterAll(() => server?.close());

  it("leaves the server answering while runaway templates render", async () => {
    server = createServer((_, response) => response.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    // Three slow templates at once: each would hold a thread for its whole time limit.
    const slow = "{% for i in (1..900) %}{% for j in (1..900) %}{% if j == 0 %}x{% endif %}{% endfor %}{% endfor %}";
    const renders = [1, 2, 3].map(() => part("text", slow).catch((error: Error) => error));
    const started = performance.now();
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ok");
    expect(performance.now() - started).toBeLessThan(200);
    for (const outcome of await Promise.all(renders)) expect(outcome).toMatchObject({ field: "text", message: expect.stringMatching(/limit|longer than/) });
  });
});
