import { createElement } from "react";

type Props = { searchParams: Promise<{ bytes?: string }> };

// The reference of `npm run bench -- page`: a dynamic page under the same root layout that reads
// nothing and renders `bytes` characters, so it weighs what the tracking page weighs. It exists
// only in a bench build (next.config.ts).
export default async function EmptyPage({ searchParams }: Props) {
  const bytes = Math.min(Math.max(Number((await searchParams).bytes) || 0, 0), 1_000_000);
  return createElement("main", null, "x".repeat(bytes));
}
