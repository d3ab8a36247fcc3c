import { type BusinessCalendar, businessDaysBetween } from "./business-days";
import { addDays, dayNumber, type LocalDate } from "./local-dates";
import { type HolidayRegion, holidayRegion } from "./public-holidays";
import { type ShipmentAddress } from "./types";

/**
 * The days a parcel moves: the courier's delivery weekdays, minus the public holidays of the origin
 * and of the destination (a holiday at either end stops the sorting or the delivery leg).
 */
export function transitCalendar(deliveryWeekdays: readonly number[], origin: ShipmentAddress, destination: ShipmentAddress): BusinessCalendar {
  const regions = new Map<string, HolidayRegion>();
  for (const address of [origin, destination]) {
    const region = holidayRegion(address.country, address.state);
    if (region) regions.set(`${region.country}|${region.state ?? ""}`, region);
  }
  return { weekdays: deliveryWeekdays, regions: [...regions.values()] };
}

/**
 * Transit in business days: those after the pickup day up to the delivery day, where the delivery day
 * always counts (a Saturday delivery by a Monday-to-Friday courier is one day after Friday, not zero),
 * so `addBusinessDays(pickup, transit)` gives back the delivery date whenever that is a business day.
 */
export function transitBusinessDays(pickupDate: LocalDate, deliveryDate: LocalDate, calendar: BusinessCalendar): number {
  if (dayNumber(deliveryDate) <= dayNumber(pickupDate)) return 0;
  return businessDaysBetween(pickupDate, addDays(deliveryDate, -1), calendar) + 1;
}
