// Initialises a new data directory for the embedded database, then exits. initdb runs its own
// WebAssembly instance and leaves the allocator's arenas full of freed pages; in a process of its
// own, all of it goes back to the system when it ends, where a thread's would stay in the server.
// Plain JavaScript: it is run by path, outside the Next.js bundle.
import { PGlite } from "@electric-sql/pglite";

await (await PGlite.create(process.argv[2])).close();
