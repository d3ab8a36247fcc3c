import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, tz } from "./_columns";
import type { MemberRole } from "./memberships";
import { organizations } from "./organizations";

/**
 * An admin's invitation of someone by e-mail: the link it carries (`/invite/<token>`, SHA-256 hash
 * stored) lets that person set a password (or use their account) and join the organisation once.
 */
export const invitations = pgTable(
  "invitations",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    email: text("email").notNull(),
    role: text("role").$type<MemberRole>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").notNull(),
    /** smtp: e-mailed; outbox: no SMTP server is set, the admin hands the link over. */
    delivery: text("delivery").$type<"smtp" | "outbox">().notNull(),
    expiresAt: tz("expires_at").notNull(),
    acceptedAt: tz("accepted_at"),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.id] }), index("invitations_email_idx").on(table.organizationId, table.email)],
);

export type Invitation = typeof invitations.$inferSelect;
