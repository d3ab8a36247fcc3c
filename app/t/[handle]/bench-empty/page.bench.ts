import { createElement } from "react";

type Props = { params: Promise<{ handle: string }>; searchParams: Promise<{ bytes?: string }> };

// The reference of `npm run bench -- page`: a dynamic page on the tracking page's own path (the
// proxy's security headers, the `/t/[handle]` segment, the root layout) that reads nothing and
// renders `bytes` characters, so it weighs what the tracking page weighs. Only in a bench build.
export default async function EmptyPage({ params, searchParams }: Props) {
  const [, query] = await Promise.all([params, searchParams]);
  const bytes = Math.min(Math.max(Number(query.bytes) || 0, 0), 1_000_000);
  return createElement("main", null, "x".repeat(bytes));
}
