/**
 * Seconds to wait before the next attempt after `attempt` failed (attempts count from 1), or null
 * when it was the last: the first try plus one retry per entry of the schedule.
 */
export function retryDelayAfter(schedule: readonly number[], attempt: number): number | null {
  return attempt <= schedule.length ? schedule[attempt - 1] : null;
}
