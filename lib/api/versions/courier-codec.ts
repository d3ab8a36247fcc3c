import type { Courier, DetectionInput } from "@/lib/couriers/types";

/** What differs between versions about couriers: the detect body and the courier object. */
export interface CourierCodec {
  parseDetect(body: unknown): Omit<DetectionInput, "preferredSlugs">;
  courier(courier: Courier): Record<string, unknown>;
}
