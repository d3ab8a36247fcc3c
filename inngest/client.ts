import { Inngest } from "inngest";
import { embeddedFetch } from "./embedded/transport";
import { jobsMode } from "./mode";

/**
 * The one Inngest client. With an Inngest server it reads INNGEST_EVENT_KEY, INNGEST_SIGNING_KEY
 * and INNGEST_BASE_URL itself; embedded, it is a dev-mode client whose sends become database
 * inserts and which refuses any other network call.
 */
export const inngest = new Inngest({
  id: "waybill",
  ...(jobsMode === "embedded" ? { isDev: true, fetch: embeddedFetch } : {}),
});
