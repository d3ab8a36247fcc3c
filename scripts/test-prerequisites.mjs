// What `npm test` needs beyond `npm ci`: a PostgreSQL server for the database suite and Debian's
// Chromium for the browser suite. Each missing one is named in one line, with what to do.
import { existsSync } from "node:fs";
import postgres from "postgres";

export const DEFAULT_TEST_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

async function postgresProblem(url) {
  const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`select 1`;
    return null;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return `PostgreSQL is not reachable at ${url} (${why}): install and start it (apt-get install -y postgresql, trust auth, a database "test") or set WAYBILL_TEST_POSTGRES_URL.`;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

function chromiumProblem(path) {
  return existsSync(path)
    ? null
    : `Chromium is not at ${path}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH; WAYBILL_SKIP_E2E=1 skips the browser tests.`;
}

/** The missing prerequisites, one line each (none: ready). */
export async function missingPrerequisites({ postgresUrl, chromiumPath, browserTests }) {
  const problems = [await postgresProblem(postgresUrl), browserTests ? chromiumProblem(chromiumPath) : null];
  return problems.filter(Boolean);
}
