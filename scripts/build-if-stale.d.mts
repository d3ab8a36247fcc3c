export function sourceStamp(root: string, flavour: string): string;
export function buildIsFresh(root: string, flavour: string): boolean;
export function buildIfStale(options?: { root?: string; flavour?: "production" | "bench"; log?: (line: string) => void }): void;
