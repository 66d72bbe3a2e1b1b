import { assertCents, type Cents, invalidField, newUuid, nextUpdatedAt } from '@app/shared/domain';

export interface ServiceItem {
  id: string | null;
  itemCode: string | null;
  category: string | null;
  description: string | null;
}

/** A line that an appointment of this type bills, with its tax. */
export interface BillableItem {
  id: string;
  name: string;
  basePrice: Cents;
  totalPrice: Cents;
  taxAmount: Cents;
  /** Percent, e.g. `10` for GST. */
  taxRate: number;
  itemCode: string | null;
  pmsBillableItemId: string | null;
  serviceItem: ServiceItem | null;
}

export interface NewBillableItem {
  name: string;
  basePrice: Cents;
  taxRate?: number;
  itemCode?: string | null;
  pmsBillableItemId?: string | null;
  serviceItem?: Partial<ServiceItem> | null;
}

export interface NewAppointmentType {
  name: string;
  durationMinutes: number;
  price: Cents;
  providerIds: string[];
  locationIds: string[];
  maxAttendees?: number;
  description?: string | null;
  category?: string | null;
  itemCode?: string | null;
  billableItems?: NewBillableItem[];
}

/**
 * A change to an appointment type: each field left `undefined` stays as it is; `null` clears a
 * nullable one. Lists (providers, locations, billable items) are replaced whole.
 */
export type AppointmentTypeChanges = Partial<NewAppointmentType>;

type EditableFields = Pick<
  AppointmentType,
  | 'name'
  | 'durationMinutes'
  | 'price'
  | 'providerIds'
  | 'locationIds'
  | 'maxAttendees'
  | 'description'
  | 'category'
  | 'itemCode'
  | 'billableItems'
>;

/** A service a clinic offers: how long it takes, what it costs, who offers it where. */
export class AppointmentType {
  id: string;
  organisationId: string;
  name: string;
  durationMinutes: number;
  price: Cents;
  providerIds: string[];
  locationIds: string[];
  /** More than 1 for group sessions: that many bookings may share one provider's slot. */
  maxAttendees: number;
  description: string | null;
  category: string | null;
  itemCode: string | null;
  billableItems: BillableItem[];
  deleted: boolean;
  createdAt: Date;
  /** When it last changed; equal to `createdAt` until it changes. */
  updatedAt: Date;

  static create(organisationId: string, props: NewAppointmentType, now: Date): AppointmentType {
    const type = new AppointmentType();
    type.id = newUuid();
    type.organisationId = organisationId;
    type.name = props.name;
    type.durationMinutes = validDuration(props.durationMinutes);
    type.price = assertCents(props.price, 'price');
    type.providerIds = [...new Set(props.providerIds)];
    type.locationIds = [...new Set(props.locationIds)];
    type.maxAttendees = props.maxAttendees ?? 1;
    type.description = props.description ?? null;
    type.category = props.category ?? null;
    type.itemCode = props.itemCode ?? null;
    type.billableItems = (props.billableItems ?? []).map((item, index) =>
      billableItem(item, `billableItems[${index}]`),
    );
    type.deleted = false;
    type.createdAt = now;
    type.updatedAt = now;
    return type;
  }

  /**
   * Applies the fields sent, validated as the create validates them, and says whether anything
   * changed. Bookings already made keep their price and length: they are copied onto each booking.
   * A billable item sent again as it is keeps its id, so a check-out naming it still finds it.
   */
  update(changes: AppointmentTypeChanges, now: Date): boolean {
    const next: Partial<EditableFields> = {};
    if (changes.name !== undefined) next.name = changes.name;
    if (changes.durationMinutes !== undefined) next.durationMinutes = validDuration(changes.durationMinutes);
    if (changes.price !== undefined) next.price = assertCents(changes.price, 'price');
    if (changes.providerIds !== undefined) next.providerIds = [...new Set(changes.providerIds)];
    if (changes.locationIds !== undefined) next.locationIds = [...new Set(changes.locationIds)];
    if (changes.maxAttendees !== undefined) next.maxAttendees = changes.maxAttendees;
    if (changes.description !== undefined) next.description = changes.description;
    if (changes.category !== undefined) next.category = changes.category;
    if (changes.itemCode !== undefined) next.itemCode = changes.itemCode;
    if (changes.billableItems !== undefined) {
      const unclaimed = [...this.billableItems];
      next.billableItems = changes.billableItems.map((item, index) => {
        const made = billableItem(item, `billableItems[${index}]`);
        const kept = unclaimed.findIndex((candidate) => sameValue({ ...candidate, id: null }, { ...made, id: null }));
        return kept === -1 ? made : unclaimed.splice(kept, 1)[0];
      });
    }
    const changed = (Object.keys(next) as (keyof EditableFields)[]).filter(
      (field) => !sameValue(this[field], next[field]),
    );
    if (changed.length === 0) return false;
    Object.assign(this, Object.fromEntries(changed.map((field) => [field, next[field]])));
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  /** Takes it out of what can be booked; bookings already made keep it. `false` when it was already archived. */
  archive(now: Date): boolean {
    if (this.deleted) return false;
    this.deleted = true;
    this.updatedAt = nextUpdatedAt(this.updatedAt, now);
    return true;
  }

  offers(providerId: string, locationId: string): boolean {
    return !this.deleted && this.providerIds.includes(providerId) && this.locationIds.includes(locationId);
  }
}

function validDuration(minutes: number): number {
  if (!Number.isInteger(minutes) || minutes < 5 || minutes > 1440) {
    throw invalidField('durationMinutes', 'out_of_range', 'must be a whole number of minutes from 5 to 1440');
  }
  return minutes;
}

/** Plain data (strings, numbers, lists and objects of them) compared by value, whatever the order of object keys (`jsonb` sorts them). */
const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a, sortedKeys) === JSON.stringify(b, sortedKeys);

function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Tax is computed on the base price and rounded to the cent; the total is base plus tax. */
function billableItem(input: NewBillableItem, path: string): BillableItem {
  const basePrice = assertCents(input.basePrice, `${path}.basePrice`);
  const taxRate = input.taxRate ?? 0;
  const taxAmount = Math.round((basePrice * taxRate) / 100);
  return {
    id: newUuid(),
    name: input.name,
    basePrice,
    totalPrice: basePrice + taxAmount,
    taxAmount,
    taxRate,
    itemCode: input.itemCode ?? null,
    pmsBillableItemId: input.pmsBillableItemId ?? null,
    serviceItem: input.serviceItem
      ? {
          id: input.serviceItem.id ?? null,
          itemCode: input.serviceItem.itemCode ?? null,
          category: input.serviceItem.category ?? null,
          description: input.serviceItem.description ?? null,
        }
      : null,
  };
}
