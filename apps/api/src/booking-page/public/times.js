// The week of times that the booking and manage pages offer: a strip of seven days, with the chosen
// day's times below it by part of the day. A page builds one picker in an empty element, and asks it
// for a service's times at a location (and with a practitioner, when one is named).
import { addDays, api, dayPart, hourIn, longDateTime, longDay, time, todayIn, zoneName } from './format.js';

const DAYS_SHOWN = 7;
/** Times are grouped by the hour (in the location's zone) each part of the day ends at. */
const PARTS_OF_DAY = [
  ['Morning', 12],
  ['Afternoon', 17],
  ['Evening', 24],
];

function element(tag, properties = {}, ...children) {
  const node = Object.assign(document.createElement(tag), properties);
  node.append(...children);
  return node;
}

const countOf = (slots) => (slots.length === 0 ? 'no times' : `${slots.length} time${slots.length === 1 ? '' : 's'}`);

export class TimePicker {
  /** The picked time's `startsAt`, marked as pressed until another is picked or `select(null)`. */
  chosen = null;
  /** The zone of the location asked about: every time is shown in it. */
  timeZone = null;
  /** The first day of the week shown (`YYYY-MM-DD`, in the location's zone). */
  weekStart = null;
  #days = [];
  #day = null;
  #request = null;
  #loads = 0;

  /**
   * Builds the picker in `container`, with the ids the page's styles know (one picker a page).
   * `onChoose(slot)` hears the time picked; `onError(message)` a week that could not be loaded;
   * `emptyHint` says what to try when a week has no times.
   */
  constructor(container, { slug, onChoose, onError, emptyHint }) {
    Object.assign(this, { slug, onChoose, onError, emptyHint });
    this.zone = element('p', { id: 'time-zone', className: 'hint' });
    this.label = element('p', { id: 'week-label' });
    this.label.setAttribute('aria-live', 'polite');
    this.previous = element('button', { type: 'button', id: 'previous-week', textContent: 'Previous week' });
    this.next = element('button', { type: 'button', id: 'next-week', textContent: 'Next week' });
    this.strip = element('div', { id: 'days', className: 'days' });
    this.heading = element('h3', { id: 'day-heading' });
    this.periods = element('div', { id: 'periods' });
    const dayTimes = element('div', { id: 'day-times', className: 'day-times' }, this.heading, this.periods);
    dayTimes.setAttribute('role', 'region');
    dayTimes.setAttribute('aria-labelledby', 'day-heading');
    this.week = element(
      'div',
      { id: 'week' },
      element('div', { className: 'week-nav' }, this.label, this.previous, this.next),
      element('fieldset', { className: 'date-strip' }, element('legend', { className: 'visually-hidden', textContent: 'Day' }), this.strip),
      dayTimes,
    );
    container.replaceChildren(this.zone, this.week);
    this.previous.addEventListener('click', () => this.#load(addDays(this.weekStart, -DAYS_SHOWN)));
    this.next.addEventListener('click', () => this.#load(addDays(this.weekStart, DAYS_SHOWN)));
    this.strip.addEventListener('change', (event) => this.#chooseDay(event.target.value));
  }

  /**
   * Shows the times of `request` (`{ appointmentTypeId, locationId, providerId? }`) for seven days
   * from `weekStart`, or from today in the location's zone.
   */
  show(request, weekStart = null) {
    this.#request = request;
    return this.#load(weekStart);
  }

  /** The week shown, asked for again: a time booked meanwhile leaves it, a time freed comes back. */
  reload() {
    return this.#load(this.weekStart);
  }

  /** Marks the time starting at `startsAt` as picked (`null`: none). */
  select(startsAt) {
    this.chosen = startsAt;
    for (const button of this.periods.querySelectorAll('.time')) button.setAttribute('aria-pressed', String(button.dataset.startsAt === startsAt));
  }

  async #load(weekStart) {
    const load = ++this.#loads;
    this.week.setAttribute('aria-busy', 'true');
    // Before the zone is known, ask from yesterday (UTC): today in any zone is among the days answered.
    const from = weekStart ?? addDays(new Date().toISOString().slice(0, 10), -1);
    const to = addDays(from, weekStart ? DAYS_SHOWN - 1 : DAYS_SHOWN + 1);
    const { appointmentTypeId, locationId, providerId } = this.#request;
    const query = new URLSearchParams({ appointmentTypeId, locationId, from, to });
    if (providerId) query.set('providerId', providerId);
    let availability;
    try {
      availability = await api(`/v1/organisations/${encodeURIComponent(this.slug)}/availability?${query}`);
    } catch {
      this.week.removeAttribute('aria-busy');
      return this.onError('Times could not be loaded. Please try again.');
    }
    // The question changed while this week was on its way: the later answer is the one to show.
    if (load !== this.#loads) return;
    this.timeZone = availability.timeZone;
    const today = todayIn(availability.timeZone);
    this.weekStart = weekStart ?? today;
    this.#days = availability.days.filter((day) => day.date >= this.weekStart).slice(0, DAYS_SHOWN);
    // The day shown stays while it has times (after a booking, or another practitioner); otherwise the first day with times.
    if (!this.#days.some((day) => day.date === this.#day && day.slots.length > 0)) this.#day = this.#days.find((day) => day.slots.length > 0)?.date ?? null;
    this.zone.textContent = `Times are in the clinic's time zone: ${zoneName(availability.timeZone)} (${availability.timeZone}).`;
    this.label.textContent = `${longDay(this.#days[0].date)} to ${longDay(this.#days.at(-1).date)}`;
    this.previous.disabled = this.weekStart <= today;
    this.strip.replaceChildren(...this.#days.map((day) => this.#dayOption(day)));
    this.#showDay();
    this.week.removeAttribute('aria-busy');
  }

  /**
   * One day of the strip: a radio, so arrow keys move along the week (skipping days without times)
   * and Tab leaves it. A day without times is disabled and says so.
   */
  #dayOption(day) {
    const id = `day-${day.date}`;
    const input = element('input', { type: 'radio', name: 'day', id, value: day.date, checked: day.date === this.#day, disabled: day.slots.length === 0 });
    const shown = (className, textContent) => {
      const part = element('span', { className, textContent });
      part.setAttribute('aria-hidden', 'true');
      return part;
    };
    // Read aloud as "Tuesday 2 December, no times"; seen as "Tue 2 Dec" above the count.
    const label = element(
      'label',
      { htmlFor: id, className: day.slots.length ? 'day' : 'day empty' },
      element('span', { className: 'visually-hidden', textContent: `${longDay(day.date)}, ` }),
      shown('day-name', dayPart(day.date, { weekday: 'short' })),
      shown('day-number', dayPart(day.date, { day: 'numeric' })),
      shown('day-month', dayPart(day.date, { month: 'short' })),
      element('span', { className: 'day-count', textContent: countOf(day.slots) }),
    );
    return element('div', { className: 'day-option' }, input, label);
  }

  #chooseDay(date) {
    this.#day = date;
    this.#showDay();
  }

  /** The chosen day's times, by part of the day; or, in a week without any, one line that says so. */
  #showDay() {
    const day = this.#days.find((candidate) => candidate.date === this.#day);
    if (!day) {
      this.heading.textContent = 'No times this week';
      this.periods.replaceChildren(element('p', { className: 'none', textContent: this.emptyHint }));
      return;
    }
    this.heading.textContent = `${longDay(day.date)}: ${countOf(day.slots)}`;
    const hourOf = (slot) => hourIn(slot.startsAt, this.timeZone);
    let from = 0;
    const parts = [];
    for (const [name, until] of PARTS_OF_DAY) {
      const slots = day.slots.filter((slot) => hourOf(slot) >= from && hourOf(slot) < until);
      from = until;
      if (slots.length > 0) parts.push(this.#partOfDay(name, slots));
    }
    this.periods.replaceChildren(...parts);
  }

  #partOfDay(name, slots) {
    const list = element('ul', { className: 'times' });
    for (const slot of slots) {
      const button = element('button', { type: 'button', className: 'time', textContent: time(slot.startsAt, this.timeZone) });
      button.dataset.startsAt = slot.startsAt;
      button.setAttribute('aria-label', longDateTime(slot.startsAt, this.timeZone));
      button.setAttribute('aria-pressed', String(this.chosen === slot.startsAt));
      button.addEventListener('click', () => {
        this.select(slot.startsAt);
        this.onChoose(slot);
      });
      list.append(element('li', {}, button));
    }
    return element('div', { className: 'period' }, element('h4', { textContent: name }), list);
  }
}
