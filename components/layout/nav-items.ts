import type { icons } from "./nav-icons";

export interface NavItem {
  href: string;
  label: string;
  icon: keyof typeof icons;
  adminOnly?: boolean;
}

export const NAV_GROUPS: Array<{ label: string; items: NavItem[] }> = [
  {
    label: "Shipments",
    items: [
      { href: "/trackings", label: "Trackings", icon: "trackings" },
      { href: "/trackings/attention", label: "Needs attention", icon: "notifications" },
      { href: "/trackings/awaiting", label: "Awaiting shipment", icon: "trackings" },
      { href: "/insights", label: "Insights", icon: "reference" },
    ],
  },
  {
    label: "Developers",
    items: [
      { href: "/developers/api-keys", label: "API keys", icon: "apiKeys", adminOnly: true },
      { href: "/developers/webhooks", label: "Webhooks", icon: "webhooks", adminOnly: true },
      { href: "/developers/api-reference", label: "API reference", icon: "reference" },
    ],
  },
  {
    label: "Settings",
    items: [
      { href: "/settings/stores", label: "Stores", icon: "connections", adminOnly: true },
      { href: "/settings/import", label: "Import from AfterShip", icon: "connections", adminOnly: true },
      { href: "/settings/integrations/klaviyo", label: "Klaviyo", icon: "notifications", adminOnly: true },
      { href: "/settings/couriers", label: "Couriers", icon: "couriers" },
      { href: "/settings/connections", label: "Courier connections", icon: "connections", adminOnly: true },
      { href: "/settings/tracking-providers", label: "Tracking providers", icon: "connections", adminOnly: true },
      { href: "/settings/tracking-page", label: "Tracking page", icon: "trackings" },
      { href: "/settings/notifications", label: "Notifications", icon: "notifications" },
      { href: "/settings/members", label: "Members", icon: "members", adminOnly: true },
      { href: "/settings/account", label: "Your account", icon: "account" },
    ],
  },
];
