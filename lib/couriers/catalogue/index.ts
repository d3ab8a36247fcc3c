import type { Courier } from "@/lib/couriers/types";
import { ASIA_PACIFIC } from "./asia-pacific";
import { EUROPE } from "./europe";
import { LATIN_AMERICA } from "./latin-america";
import { LONG_TAIL } from "./long-tail";
import { MIDDLE_EAST_AFRICA } from "./middle-east-africa";
import { NORTH_AMERICA } from "./north-america";
import { POSTAL_OPERATORS } from "./postal-operators";
import { TESTING } from "./testing";

/** Every courier Waybill knows, ordered by slug. */
export const CATALOGUE: readonly Courier[] = [
  ...NORTH_AMERICA,
  ...EUROPE,
  ...ASIA_PACIFIC,
  ...LATIN_AMERICA,
  ...MIDDLE_EAST_AFRICA,
  ...POSTAL_OPERATORS,
  ...TESTING,
  ...LONG_TAIL,
].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
