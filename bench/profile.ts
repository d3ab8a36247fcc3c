import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

/** `--profile FILE`: a CPU profile of the measured window only (open it in Chrome DevTools); a no-op without the flag. */
export async function startProfile(args: string[]): Promise<() => Promise<void>> {
  const index = args.indexOf("--profile");
  const file = index >= 0 ? args[index + 1] : undefined;
  if (!file) return async () => {};
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`CPU profile of the window: ${file}`);
  };
}
