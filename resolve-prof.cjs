const fs = require("fs");
const { SourceMapConsumer } = require("source-map");
const p = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const counts = new Map(); for (const s of p.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
const total = p.samples.length;
const maps = new Map();
function consumer(url) {
  const file = url.replace("file://", "");
  if (!file.includes("/.next/")) return null;
  if (!maps.has(file)) { try { maps.set(file, new SourceMapConsumer(JSON.parse(fs.readFileSync(file + ".map", "utf8")))); } catch { maps.set(file, null); } }
  return maps.get(file);
}
const cache = new Map();
function label(n) {
  if (cache.has(n.id)) return cache.get(n.id);
  const f = n.callFrame; let l;
  const c = f.url ? consumer(f.url) : null;
  if (c) {
    const sectionsMap = c;
    const o = sectionsMap.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
    l = o.source ? `${o.source.replace(/^.*?\/(lib|app|db|inngest|node_modules)\//, "$1/")}:${o.line} ${o.name || f.functionName}` : `${f.url.split("/").pop()} ${f.functionName}`;
  } else l = `${f.functionName || "(anon)"} ${f.url.split("/").slice(-2).join("/")}`;
  cache.set(n.id, l); return l;
}
const self = new Map(), incl = new Map();
for (const [id, c] of counts) {
  const n = byId.get(id); const k = label(n); self.set(k, (self.get(k) ?? 0) + c);
  const seen = new Set(); let cur = id; while (cur) { const m = byId.get(cur); const kk = label(m); if (!seen.has(kk)) { incl.set(kk, (incl.get(kk) ?? 0) + c); seen.add(kk); } cur = parent.get(cur); }
}
const filter = process.argv[3] ? new RegExp(process.argv[3]) : null;
console.log("self");
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((100 * v / total).toFixed(1).padStart(5), k);
console.log("inclusive (app sources)");
for (const [k, v] of [...incl].filter(([k]) => /^(lib|app|db|inngest)\//.test(k) && (!filter || filter.test(k))).sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((100 * v / total).toFixed(1).padStart(5), k);
