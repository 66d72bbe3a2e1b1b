import { assertCents, type Cents, invalidField, newUuid } from '@app/shared/domain';

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

  static create(organisationId: string, props: NewAppointmentType, now: Date): AppointmentType {
    if (!Number.isInteger(props.durationMinutes) || props.durationMinutes < 5 || props.durationMinutes > 1440) {
      throw invalidField('durationMinutes', 'out_of_range', 'must be a whole number of minutes from 5 to 1440');
    }
    const type = new AppointmentType();
    type.id = newUuid();
    type.organisationId = organisationId;
    type.name = props.name;
    type.durationMinutes = props.durationMinutes;
    type.price = assertCents(props.price, 'price');
    type.providerIds = [...new Set(props.providerIds)];
    type.locationIds = [...new Set(props.locationIds)];
    type.maxAttendees = props.maxAttendees ?? 1;
    type.description = props.description ?? null;
    type.category = props.category ?? null;
    type.itemCode = props.itemCode ?? null;
    type.billableItems = (props.billableItems ?? []).map((item, index) => billableItem(item, `billableItems[${index}]`));
    type.deleted = false;
    type.createdAt = now;
    return type;
  }

  offers(providerId: string, locationId: string): boolean {
    return !this.deleted && this.providerIds.includes(providerId) && this.locationIds.includes(locationId);
  }
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
