// Resident memory of a process and everything it started, read from Linux's /proc.
import { readdirSync, readFileSync } from "node:fs";

export interface ProcessMemory {
  pid: number;
  name: string;
  rssMb: number;
  /** Proportional set size: pages shared with other processes (the node binary, say) split between them. */
  pssMb: number;
  threads: number;
}

function statusOf(pid: number): Record<string, string> | null {
  try {
    const lines = readFileSync(`/proc/${pid}/status`, "utf8").split("\n");
    return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]));
  } catch {
    return null; // ended meanwhile
  }
}

function pssMbOf(pid: number): number {
  try {
    const pss = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8").match(/^Pss:\s+(\d+)/m);
    return pss ? Number(pss[1]) / 1024 : 0;
  } catch {
    return 0; // ended meanwhile
  }
}

/** The process `root` and its descendants, each with its resident memory (every thread of a process shares it). */
export function processTree(root: number): ProcessMemory[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const status = statusOf(pid);
    if (!status) continue;
    const parent = Number(status.PPid);
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree: ProcessMemory[] = [];
  const visit = (pid: number) => {
    const status = statusOf(pid);
    if (!status) return;
    tree.push({
      pid,
      name: status.Name ?? "?",
      rssMb: Number.parseInt(status.VmRSS ?? "0", 10) / 1024,
      pssMb: pssMbOf(pid),
      threads: Number(status.Threads ?? 1),
    });
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

export const totalRssMb = (tree: ProcessMemory[]) => tree.reduce((sum, process) => sum + process.rssMb, 0);

/** What the processes hold together, each shared page counted once. */
export const totalPssMb = (tree: ProcessMemory[]) => tree.reduce((sum, process) => sum + process.pssMb, 0);
