/**
 * The render worker's program. It is a string run with `eval`, so neither Next.js nor vitest has to
 * bundle a worker file: it needs only `liquidjs` from the installed packages. Each job renders a
 * template's parts, each into an emitter that stops the render as soon as the part's output
 * passes its bound, so a runaway loop costs its bound, not the server's memory.
 */
export const TEMPLATE_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require("node:worker_threads");
const { Liquid, Context, toValueSync } = require("liquidjs");

const engines = {
  html: new Liquid({ ...workerData.options, outputEscape: "escape" }),
  plain: new Liquid(workerData.options),
};

const text = (value) => (value == null ? "" : Array.isArray(value) ? value.map(text).join("") : String(value));

function boundedEmitter(limit) {
  return {
    buffer: "",
    exceeded: false,
    write(html) {
      this.buffer += text(html);
      if (this.buffer.length > limit) {
        this.exceeded = true;
        throw new Error("output bound");
      }
    },
  };
}

function render(part, variables, room) {
  const liquid = engines[part.format];
  const emitter = boundedEmitter(Math.min(part.limit, room));
  try {
    const context = new Context(variables, liquid.options, { sync: true }, { liquid });
    toValueSync(liquid.renderer.renderTemplates(liquid.parse(part.source), context, emitter));
    return { output: emitter.buffer };
  } catch (error) {
    if (emitter.exceeded) return { problem: part.limit <= room ? "too-large" : "total-too-large" };
    return { problem: "error", reason: error && error.message ? error.message : String(error) };
  }
}

parentPort.on("message", ({ id, parts, variables, total }) => {
  const outputs = {};
  let room = total;
  for (const part of parts) {
    const rendered = render(part, variables, room);
    if (rendered.problem) return parentPort.postMessage({ id, part: part.name, problem: rendered.problem, reason: rendered.reason });
    outputs[part.name] = rendered.output;
    room -= rendered.output.length;
  }
  parentPort.postMessage({ id, outputs });
});
`;
