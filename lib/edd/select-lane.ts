import { type LaneLevel, laneKeys, type LaneShipment } from "./lane-keys";
import { type EddModel } from "./types";
import { sampleCount, type TransitHistogram } from "./transit-distribution";

export const DEFAULT_MIN_SAMPLES = 20;

export interface LaneChoice {
  /** Which lanes answer: an organisation's own lanes come before the pooled ones at each level. */
  organizationId?: string;
  /** Samples a lane needs before it is used instead of a coarser one. */
  minSamples: number;
}

export interface SelectedLane {
  histogram: TransitHistogram;
  level: LaneLevel;
  scope: "organization" | "pooled";
}

/** The finest lane with enough samples: at each level the organisation's own, else the pooled one. */
export function selectLane(model: Pick<EddModel, "pooled" | "organizations">, shipment: LaneShipment, choice: LaneChoice): SelectedLane | undefined {
  const own = choice.organizationId ? model.organizations[choice.organizationId] : undefined;
  for (const { level, key } of laneKeys(shipment)) {
    const ownHistogram = own?.[key];
    if (ownHistogram && sampleCount(ownHistogram) >= choice.minSamples) return { histogram: ownHistogram, level, scope: "organization" };
    const pooled = model.pooled[key];
    // The global histogram is the last resort: any data beats none.
    const needed = level === "global" ? 1 : choice.minSamples;
    if (pooled && sampleCount(pooled) >= needed) return { histogram: pooled, level, scope: "pooled" };
  }
  return undefined;
}
