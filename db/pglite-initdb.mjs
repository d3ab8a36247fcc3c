// Initialises a new data directory for the embedded database, then ends. initdb leaves garbage
// (its own WebAssembly instance) that an idle thread would keep for hours, since nothing makes it
// collect; ending the thread gives it all back, and the serving thread opens a ready directory.
// Plain JavaScript: it is loaded by path at run time, outside the Next.js bundle.
import { workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

await (await PGlite.create(workerData.dataDir)).close();
