"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus-ring";
import { icons, WaybillMark } from "./nav-icons";
import { NAV_GROUPS } from "./nav-items";
import { OrganizationSwitcher, type ShellOrganization } from "./organization-switcher";
import { SignOutButton } from "./sign-out-button";

export interface ShellUser {
  email: string;
  name: string | null;
  role: "admin" | "member";
  organizationName: string;
  organizationId: string;
  /** Every organisation the user belongs to: a switcher shows when there are several. */
  organizations: ShellOrganization[];
}

function Navigation({ user, onNavigate }: { user: ShellUser; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Dashboard" className="space-y-6">
      {NAV_GROUPS.map((group) => {
        const items = group.items.filter((item) => !item.adminOnly || user.role === "admin");
        if (!items.length) return null;
        return (
          <div key={group.label}>
            <p className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.label}</p>
            <ul className="mt-2 space-y-0.5">
              {items.map((item) => {
                // A page under another item's path (Needs attention under Trackings) marks only its own item.
                const deeper = NAV_GROUPS.some((other) =>
                  other.items.some(
                    (entry) => entry.href.length > item.href.length && entry.href.startsWith(`${item.href}/`) && pathname.startsWith(entry.href),
                  ),
                );
                const current = !deeper && (pathname === item.href || pathname.startsWith(`${item.href}/`));
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      onClick={onNavigate}
                      aria-current={current ? "page" : undefined}
                      className={cn(
                        "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
                        current ? "bg-indigo-50 text-indigo-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                        focusRing,
                      )}
                    >
                      {icons[item.icon]}
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

function UserCard({ user }: { user: ShellUser }) {
  return (
    <div className="space-y-3">
      <OrganizationSwitcher organizations={user.organizations} currentId={user.organizationId} />
      <div className="min-w-0">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <span className="truncate">{user.name ?? user.email}</span>
          <Badge tone={user.role === "admin" ? "indigo" : "slate"}>{user.role}</Badge>
        </p>
        {user.name && <p className="truncate text-xs text-slate-500">{user.email}</p>}
      </div>
      <SignOutButton className="w-full" />
    </div>
  );
}

function Brand({ organizationName }: { organizationName: string }) {
  return (
    <Link href="/trackings" className={cn("flex items-center gap-2.5 rounded-md", focusRing)}>
      <WaybillMark />
      <span className="min-w-0">
        <span className="block text-base leading-tight font-semibold text-slate-900">Waybill</span>
        <span className="block truncate text-xs text-slate-500">{organizationName}</span>
      </span>
    </Link>
  );
}

/** Sidebar navigation on wide screens, a menu under the top bar on phones. */
export function DashboardShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="min-h-screen lg:flex">
      <a href="#main" className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50">
        Skip to content
      </a>
      <aside className="hidden border-r border-slate-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-64 lg:shrink-0 lg:flex-col">
        <div className="px-5 pt-5 pb-4">
          <Brand organizationName={user.organizationName} />
        </div>
        <div className="flex-1 overflow-y-auto px-3 py-2">
          <Navigation user={user} />
        </div>
        <div className="border-t border-slate-200 px-4 py-4">
          <UserCard user={user} />
        </div>
      </aside>

      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white lg:hidden">
        <div className="flex items-center justify-between px-4 py-3">
          <Brand organizationName={user.organizationName} />
          <Button variant="secondary" size="sm" aria-expanded={menuOpen} aria-controls="mobile-menu" onClick={() => setMenuOpen((open) => !open)}>
            {menuOpen ? "Close menu" : "Menu"}
          </Button>
        </div>
        {menuOpen && (
          <div id="mobile-menu" className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-slate-200 px-3 pt-4 pb-4">
            <Navigation user={user} onNavigate={() => setMenuOpen(false)} />
            <div className="mt-6 border-t border-slate-200 px-1 pt-4">
              <UserCard user={user} />
            </div>
          </div>
        )}
      </header>

      <main id="main" className="min-w-0 lg:flex-1">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">{children}</div>
      </main>
    </div>
  );
}
