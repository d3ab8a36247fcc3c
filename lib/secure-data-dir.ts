import { chmodSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";

/** Files of the data directory that hold secrets: owner-only, even when an older version made them wider. */
const SECRET_FILES = ["encryption.key", "nextauth.secret"];

/** The embedded mode's data directory, owner-only (0700), with its key files owner-only (0600). */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  for (const name of SECRET_FILES) {
    const file = path.join(dir, name);
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}
