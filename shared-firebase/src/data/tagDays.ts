// The days the tag counts are kept by (`tagDays/{yyyy-mm-dd}`, docs/DATA_MODEL.md "Tags"): the
// explore team's function counts a post on the day it was created, the explore page sums the
// last TRENDING_DAYS of them. Both name a day the same way, here.

/** How many days, today included, the trending tags are counted over. */
export const TRENDING_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `tagDays` document id of the UTC day `time` falls on: `yyyy-mm-dd`. */
export function tagDayOf(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** The first of the TRENDING_DAYS days that end with the UTC day of `now`. */
export function firstTrendingDay(now: Date): string {
  return tagDayOf(new Date(now.getTime() - (TRENDING_DAYS - 1) * DAY_MS));
}
