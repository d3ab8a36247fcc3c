import { describe, expect, it } from "vitest";
import { LocalRuns } from "./local-runs";

/** Work that finishes when told to, noting when it started. */
function gate(started: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return {
    work: async () => {
      started.push(name);
      await done;
    },
    open,
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** One slot on a hand-driven clock, held by a blocker until it is opened: what waits meanwhile is ordered. */
function oneBusySlot() {
  const clock = { now: 0 };
  const runs = new LocalRuns(1, { now: () => clock.now });
  const started: string[] = [];
  const blocker = gate(started, "blocker");
  void runs.submit({ id: "busy", limit: 1 }, blocker.work);
  return { clock, runs, started, blocker };
}

describe("LocalRuns", () => {
  it("starts the highest-priority waiting run first, ahead of thousands of older groups", async () => {
    const { clock, runs, started, blocker } = oneBusySlot();
    // A backlog of one-at-a-time groups (as tell-stores keys per tracking), then a poll.
    const backlog = Array.from({ length: 2_000 }, (_, index) => gate(started, `store-${index}`));
    backlog.forEach((task, index) => void runs.submit({ id: `tell-stores:${index}`, limit: 1, priority: 60 }, task.work));
    clock.now += 1_000;
    const poll = gate(started, "poll");
    void runs.submit({ id: "poll-trackings:ups", limit: 8, priority: 300 }, poll.work);

    blocker.open();
    await settled();
    expect(started).toEqual(["blocker", "poll"]);
    poll.open();
    await settled();
    expect(started.at(-1)).toBe("store-0");
    for (const task of backlog) task.open();
  });

  it("counts priority as seconds of waiting: a run that has waited longer than the gap goes first", async () => {
    const { clock, runs, started, blocker } = oneBusySlot();
    const estimate = gate(started, "estimate");
    void runs.submit({ id: "estimate", limit: Infinity }, estimate.work);
    clock.now += 301_000;
    const poll = gate(started, "poll");
    void runs.submit({ id: "poll", limit: Infinity, priority: 300 }, poll.work);

    blocker.open();
    await settled();
    expect(started).toEqual(["blocker", "estimate"]);
    estimate.open();
    poll.open();
  });

  it("keeps a group's limit and order, and the slots in all", async () => {
    const runs = new LocalRuns(3);
    const started: string[] = [];
    const tasks = ["a1", "a2", "a3", "b1"].map((name) => gate(started, name));
    const outcomes = tasks.map((task, index) => runs.submit({ id: index < 3 ? "a" : "b", limit: 2 }, task.work));
    await settled();
    expect(started).toEqual(["a1", "a2", "b1"]);
    tasks[1]!.open();
    await settled();
    expect(started).toEqual(["a1", "a2", "b1", "a3"]);
    for (const task of tasks) task.open();
    expect(await Promise.all(outcomes)).toEqual(["done", "done", "done", "done"]);
    await runs.idle();
  });

  it("turns an offer away once maxWaiting tasks wait, takes submissions still, and says when there is room", async () => {
    let roomCalls = 0;
    const runs = new LocalRuns(1, { maxWaiting: 1, onRoom: () => roomCalls++ });
    const started: string[] = [];
    const tasks = ["running", "waiting", "offered", "submitted"].map((name) => gate(started, name));
    const running = runs.offer({ id: "g", limit: 1 }, tasks[0]!.work);
    await settled();
    const waiting = runs.offer({ id: "g", limit: 1 }, tasks[1]!.work);
    expect(await runs.offer({ id: "g", limit: 1 }, tasks[2]!.work)).toBe("full");
    expect(runs.room).toBe(0);
    const submitted = runs.submit({ id: "g", limit: 1 }, tasks[3]!.work);
    const before = roomCalls;
    for (const task of tasks) task.open();
    expect(await Promise.all([running, waiting, submitted])).toEqual(["done", "done", "done"]);
    expect(started).toEqual(["running", "waiting", "submitted"]);
    expect(roomCalls).toBeGreaterThan(before);
    expect(runs.room).toBe(1);
  });

  it("refuses what still waits once stopped", async () => {
    const runs = new LocalRuns(1);
    const started: string[] = [];
    const first = gate(started, "first");
    const running = runs.submit({ id: "g", limit: 1 }, first.work);
    const waiting = runs.submit({ id: "g", limit: 1 }, gate(started, "second").work);
    await settled();
    const stopped = runs.stop();
    expect(await waiting).toBe("refused");
    first.open();
    await stopped;
    expect(await running).toBe("done");
    expect(started).toEqual(["first"]);
  });
});
