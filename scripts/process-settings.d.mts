export function environmentWithAllocatorSettings(env?: Record<string, string | undefined>, platform?: string): Record<string, string | undefined> | null;
export function serverNodeFlags(version?: string, allowed?: ReadonlySet<string>): string[];
export function restartWithServerSettings(): void;
