import { CATALOGUE } from "./catalogue";
import { type Courier, SLUG_GROUPS, type SlugGroup } from "./types";

const GROUP_NAMES: ReadonlySet<string> = new Set(SLUG_GROUPS);

const MEMBERS: ReadonlyMap<SlugGroup, readonly Courier[]> = new Map(
  SLUG_GROUPS.map((group) => [group, CATALOGUE.filter((courier) => courier.slugGroups.includes(group))]),
);

/** All couriers, ordered by slug (a fresh array: callers may filter or sort it). */
export function listCouriers(): Courier[] {
  return [...CATALOGUE];
}

export function isSlugGroup(value: string): value is SlugGroup {
  return GROUP_NAMES.has(value);
}

/** The couriers of a slug group, ordered by slug. */
export function couriersInGroup(group: SlugGroup): Courier[] {
  return [...(MEMBERS.get(group) ?? [])];
}
