import { env, type Env } from "@/lib/env";

/** Who runs background functions: an Inngest server through `serve()`, or the in-process runner. */
export type JobsMode = "inngest" | "embedded";

type ModeSettings = Pick<Env, "JOBS_MODE" | "INNGEST_EVENT_KEY" | "INNGEST_SIGNING_KEY" | "INNGEST_BASE_URL">;

/** An explicit JOBS_MODE wins; otherwise any Inngest key or server URL means a real Inngest is configured. */
export function resolveJobsMode(settings: ModeSettings = env()): JobsMode {
  if (settings.JOBS_MODE) return settings.JOBS_MODE;
  const configured = settings.INNGEST_EVENT_KEY || settings.INNGEST_SIGNING_KEY || settings.INNGEST_BASE_URL;
  return configured ? "inngest" : "embedded";
}

/** The mode this process started in; read once, since the client is built from it. */
export const jobsMode: JobsMode = resolveJobsMode();
