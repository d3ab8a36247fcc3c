/** A tracking's statuses (tags), the one list of them: in the order a shipment moves through them. */
export const TAGS = [
  "Pending",
  "InfoReceived",
  "InTransit",
  "OutForDelivery",
  "AttemptFail",
  "Delivered",
  "AvailableForPickup",
  "Exception",
  "Expired",
] as const;
export type Tag = (typeof TAGS)[number];

export function isTag(value: string): value is Tag {
  return (TAGS as readonly string[]).includes(value);
}

/** A tag as a counter's name in the insight rollups ("InfoReceived" → "infoReceived"). */
export type TagCounter = Uncapitalize<Tag>;

export function tagCounter(tag: Tag): TagCounter {
  return `${tag[0]!.toLowerCase()}${tag.slice(1)}` as TagCounter;
}

export const TAG_COUNTERS: readonly TagCounter[] = TAGS.map(tagCounter);
