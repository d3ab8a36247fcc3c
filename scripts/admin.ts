// `npm run admin -- <command>`: operator commands (lib/operators/commands.ts). Embedded, they go to the
// running server through its owner-only socket (a PGlite directory admits one process) or, with no
// server running, straight to the data directory; with DATABASE_URL, straight to PostgreSQL.
import path from "node:path";
import { getDatabaseHandle } from "@/db/client";
import { embeddedFetch } from "@/inngest/embedded/transport";
import { handEmbeddedTransport } from "@/lib/events/client";
import { env } from "@/lib/env";
import { sendToAdminSocket } from "@/lib/operators/admin-socket";
import { isOfflineCommand, parseCommandLine, runCommandLine, UsageError } from "@/lib/operators/commands";

async function main(argv: string[]): Promise<number> {
  try {
    const parsed = parseCommandLine(argv);
    if ("help" in parsed) {
      console.log(parsed.help);
      return 0;
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  // Paths name this shell's directory, also when the server (another working directory) runs the command.
  const resolved = argv.map((value, index) => (["--out", "--from"].includes(argv[index - 1] ?? "") ? path.resolve(value) : value));
  if (isOfflineCommand(resolved)) {
    // A restore writes a new data directory: no server may hold it, and no database is opened first.
    const result = await runCommandLine(undefined as never, resolved);
    (result.exitCode === 0 ? console.log : console.error)(result.output);
    return result.exitCode;
  }
  const viaServer = env().DATABASE_URL ? null : await sendToAdminSocket(resolved);
  let result = viaServer;
  if (!result) {
    // Commands that create trackings store their events for the server's runner, as the server would.
    handEmbeddedTransport(embeddedFetch);
    const handle = await getDatabaseHandle();
    try {
      result = await runCommandLine(handle.db, resolved);
    } finally {
      await handle.close();
    }
  }
  (result.exitCode === 0 ? console.log : console.error)(result.output);
  return result.exitCode;
}

process.exitCode = await main(process.argv.slice(2));
