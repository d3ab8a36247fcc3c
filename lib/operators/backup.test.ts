import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "@/db/client";
import { rowsOf } from "@/db/rows-of";
import { restoreBackup, writeBackup } from "./backup";

const scratch = mkdtempSync(path.join(os.tmpdir(), "waybill-backup-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("backup and restore of the embedded database", () => {
  it("copies the database while it serves, with the data directory's keys, into an empty directory only", async () => {
    const live = path.join(scratch, "live");
    const handle = await openPglite(path.join(live, "pglite"));
    writeFileSync(path.join(live, "encryption.key"), "the-key\n");
    await handle.db.execute(sql`create table parcels (id int primary key, note text)`);
    await handle.db.execute(sql`insert into parcels values (1, 'kept'), (2, 'kept too')`);
    const file = path.join(scratch, "waybill.backup");
    const bytes = await writeBackup(handle, live, file);
    expect(bytes).toBeGreaterThan(1000);
    // Written after the copy: not in it.
    await handle.db.execute(sql`insert into parcels values (3, 'later')`);
    await handle.close();

    await expect(restoreBackup(file, live)).rejects.toThrow(/not empty/);
    const restored = path.join(scratch, "restored");
    await restoreBackup(file, restored);
    expect(readFileSync(path.join(restored, "encryption.key"), "utf8")).toBe("the-key\n");
    const reopened = await openPglite(path.join(restored, "pglite"));
    expect(rowsOf(await reopened.db.execute(sql`select id, note from parcels order by id`))).toEqual([
      { id: 1, note: "kept" },
      { id: 2, note: "kept too" },
    ]);
    await reopened.close();
  });

  it("refuses a file that is not a whole backup", async () => {
    const file = path.join(scratch, "not-a-backup");
    writeFileSync(file, "hello\n{}\n");
    await expect(restoreBackup(file, path.join(scratch, "elsewhere"))).rejects.toThrow(/not a Waybill backup/);
  });
});
