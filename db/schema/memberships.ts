import { index, pgEnum, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./_columns";
import { organizations } from "./organizations";
import { users } from "./users";

export const memberRole = pgEnum("member_role", ["admin", "member"]);
export type MemberRole = (typeof memberRole.enumValues)[number];

export const memberships = pgTable(
  "memberships",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    role: memberRole("role").notNull().default("member"),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.organizationId] }), index("memberships_organization_idx").on(table.organizationId)],
);

export type Membership = typeof memberships.$inferSelect;
