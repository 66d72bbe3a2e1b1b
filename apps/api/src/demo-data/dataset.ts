import { nameSearchForms } from '@app/membership';
import { DEFAULT_BOOKING_SETTINGS, slugify } from '@app/organisations';
import { type PaymentSource, payoutAmountOf, platformFeeOf, settledByOf } from '@app/payments-and-claims';
import { medicareProviderNumber } from '@app/practitioners';
import { DEFAULT_PLATFORM_FEE_BASIS_POINTS } from '@app/shared';
import type { CardVault } from '@app/wallet';
import { medicareCheckDigit } from '@app/wallet';
import {
  CLINIC_KINDS,
  type ClinicKind,
  FIRST_NAMES,
  HEALTH_FUNDS,
  LAST_NAMES,
  type ServiceTemplate,
  SUBURBS,
  TEST_PAYMENT_METHODS,
} from './catalogue.js';
import { Prng } from './prng.js';
import { workingWeek } from './working-week.js';

export type Row = Record<string, unknown>;

/** Tables in the order their rows can be inserted (each refers only to tables before it). */
export const TABLES = [
  'organisations',
  'businesses',
  'locations',
  'plan_template_links',
  'providers',
  'provider_location_links',
  'working_hours',
  'appointment_types',
  'members',
  'clients',
  'wallet_cards',
  'bookings',
  'transactions',
  'claims',
  'referrals',
  'medicare_claims',
  'payouts',
  'payment_transactions',
] as const;
export type Table = (typeof TABLES)[number];

/** Where generated rows go: the database, or a test that compares two runs. */
export interface RowSink {
  add(table: Table, row: Row): void;
  /** Called between providers' diaries, so a writer can send what it holds before memory grows. */
  checkpoint(): Promise<void>;
}

export interface OrganisationPlan {
  kind: ClinicKind;
  bookings: number;
  businesses: number;
  locations: number;
  providers: number;
}

export type Scale = 'small' | 'demo' | 'bench' | 'large';

/**
 * How big each scale is. `bench`: 20 organisations, 500,000 bookings, the largest with 120,000.
 * `large`: five times `bench`, 100 organisations, 2,500,000 bookings, the largest with 600,000.
 */
export function plansFor(scale: Scale, prng: Prng): OrganisationPlan[] {
  const kind = (index: number) => CLINIC_KINDS[index % CLINIC_KINDS.length];
  switch (scale) {
    case 'small':
      return [
        { kind: kind(0), bookings: 150, businesses: 1, locations: 2, providers: 3 },
        { kind: kind(3), bookings: 100, businesses: 1, locations: 1, providers: 2 },
      ];
    case 'demo':
      return [
        { kind: kind(0), bookings: 2500, businesses: 2, locations: 3, providers: 8 },
        { kind: kind(3), bookings: 1500, businesses: 1, locations: 2, providers: 6 },
      ];
    case 'bench':
      return clinicGroup(prng, { largest: 120_000, others: 19, othersTotal: 380_000 });
    case 'large':
      return clinicGroup(prng, { largest: 600_000, others: 99, othersTotal: 1_900_000 });
  }
}

/**
 * One large organisation first, then `others` of 10,000 to 30,000 bookings each before they are
 * scaled to add up to `othersTotal`. Businesses, locations and providers grow with bookings, so a
 * provider's diary is about as full in every organisation and at every scale.
 */
function clinicGroup(prng: Prng, size: { largest: number; others: number; othersTotal: number }): OrganisationPlan[] {
  const rest = Array.from({ length: size.others }, () => prng.int(10_000, 30_000));
  const restTotal = rest.reduce((sum, count) => sum + count, 0);
  const scaled = rest.map((count) => Math.round((count * size.othersTotal) / restTotal));
  return [size.largest, ...scaled].map((bookings, index) => ({
    kind: CLINIC_KINDS[index % CLINIC_KINDS.length],
    bookings,
    businesses: Math.max(1, Math.round(bookings / 40_000)) + 1,
    locations: Math.max(2, Math.round(bookings / 15_000)),
    providers: Math.max(6, Math.round(bookings / 3_000)),
  }));
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** Standard UTC offsets in hours; demo diaries ignore daylight saving. */
const UTC_OFFSET: Record<string, number> = {
  'Australia/Sydney': 10,
  'Australia/Melbourne': 10,
  'Australia/Brisbane': 10,
  'Australia/Perth': 8,
  'Australia/Adelaide': 9.5,
  'Australia/Hobart': 10,
  'Australia/Darwin': 9.5,
};

const iso = (ms: number) => new Date(ms).toISOString();

/** About what Medicare pays for an individual allied health service (MBS items 10950 to 10970), in cents. */
const ALLIED_HEALTH_BENEFIT = 6_160;

interface DemoLocation {
  id: string;
  timeZone: string;
  businessId: string;
  terminalIds: string[];
}

interface DemoService {
  id: string;
  template: ServiceTemplate;
  billableItem: Row & { id: string };
}

/** A week's payout of a business: its card money, and the claims it lists if it is made. */
interface DemoPayout {
  id: string;
  businessId: string;
  net: number;
  count: number;
  week: number;
  claims: Row[];
}

/** A session seen under a referral, drawn from its own stream: bulk billed at its service's price. */
interface ReferredSession {
  prng: Prng;
  referralId: string;
}

/**
 * Builds a deterministic clinic group: the same seed and anchor always give the same rows (except
 * card ciphertext, whose random IV is what keeps it safe). Invariants hold by construction:
 * valid ABNs, provider numbers and Medicare numbers; no overlapping confirmed bookings per
 * provider; claim totals that are their items added up; payouts that add up to the cent.
 */
export class DatasetGenerator {
  private readonly prng: Prng;

  constructor(
    seed: number,
    /** "Now" for the data: bookings run from 18 months before it to 6 months after. */
    private readonly anchor: Date,
    private readonly vault: CardVault,
    private readonly sink: RowSink,
  ) {
    this.prng = new Prng(seed);
  }

  plans(scale: Scale): OrganisationPlan[] {
    return plansFor(scale, this.prng);
  }

  /** Generates one organisation; returns its id and booking count. */
  async organisation(plan: OrganisationPlan, index: number): Promise<{ id: string; bookings: number }> {
    const p = this.prng;
    const anchor = this.anchor.getTime();
    const start = anchor - 548 * DAY;
    const end = anchor + 183 * DAY;
    const createdAt = new Date(start - 30 * DAY);
    const name = `${p.pick(plan.kind.names)}${index >= plan.kind.names.length ? ` ${p.pick(SUBURBS).suburb}` : ''}`;
    const organisationId = p.prefixedId('org', createdAt);
    this.sink.add('organisations', {
      id: organisationId,
      name,
      slug: `${slugify(name)}-${index + 1}`,
      created_at: createdAt.toISOString(),
      updated_at: createdAt.toISOString(),
      bookings_enabled: true,
      livemode: true,
      brand_image_url: `https://cdn.example.com/brands/${slugify(name)}.png`,
      wordmark_image_url: null,
      website_url: `https://${slugify(name)}.example.com.au`,
      booking_settings: {
        ...DEFAULT_BOOKING_SETTINGS,
        cancellationFeeEnabled: true,
        cancellationFeeAmount: plan.kind.specialty === 'psychology' ? 10000 : null,
        cancellationFeePercent: plan.kind.specialty === 'psychology' ? null : 50,
        paymentDetailsRequired: true,
        healthFundCardCollectionEnabled: plan.kind.claims === 'health_fund',
      },
    });

    const businesses = Array.from({ length: plan.businesses }, (_, n) => {
      const id = p.uuid(createdAt);
      this.sink.add('businesses', {
        id,
        organisation_id: organisationId,
        name: `${name} ${['Pty Ltd', 'Holdings Pty Ltd', 'Services Pty Ltd'][n % 3]}`,
        tax_identifier: this.abn(),
        country_code: 'AU',
        merchant_id: `acct_${p.bytes(8).toString('hex')}`,
        gst_registered: true,
        settings: { autoReconciliationEnabled: p.chance(0.7), autoInviteClientsEnabled: p.chance(0.5) },
        capabilities: [
          { type: 'card_payments', enabled: true },
          { type: 'health_fund_claims', enabled: plan.kind.claims === 'health_fund' },
          { type: 'medicare_claims', enabled: plan.kind.claims === 'medicare' },
        ],
        events: { payoutsEnabledAt: createdAt.toISOString() },
        created_at: createdAt.toISOString(),
        updated_at: createdAt.toISOString(),
      });
      return id;
    });

    const locations = Array.from({ length: plan.locations }, (_, n) => {
      const suburb = SUBURBS[(index * 3 + n) % SUBURBS.length];
      const id = p.uuid(createdAt);
      const row = {
        id,
        organisation_id: organisationId,
        business_id: businesses[n % businesses.length],
        name: suburb.suburb,
        time_zone: suburb.timeZone,
        address: {
          line1: `${p.int(1, 400)} ${p.pick(suburb.streets)}`,
          line2: p.chance(0.4) ? `Suite ${p.int(1, 20)}` : null,
          suburb: suburb.suburb,
          city: suburb.city,
          state: suburb.state,
          postcode: suburb.postcode,
          country: 'Australia',
          countryCode: 'AU',
        },
        suggested_tax_identifier: null,
        booking_custom_text: 'Please arrive 10 minutes early for your first visit.',
        email: `${slugify(suburb.suburb)}@${slugify(name)}.example.com.au`,
        registrations: [
          {
            medicare:
              plan.kind.claims === 'medicare'
                ? {
                    minorId: p.digits(2),
                    prodaLocationId: `PRODA-${p.digits(7)}`,
                    status: 'active',
                    providerAgreementSubmissionUrl: null,
                    isUsingOtherClaimSoftware: false,
                  }
                : null,
            phi:
              plan.kind.claims === 'health_fund' ? { phiLocationId: `HICAPS-${p.digits(5)}`, status: 'active' } : null,
          },
        ],
        created_at: createdAt.toISOString(),
        updated_at: createdAt.toISOString(),
      };
      // A location claiming from funds has a claiming terminal, numbered after its PHI registration
      // (drawn from nothing new, so the rows after it stay as they were); its fund claims are made at it.
      const phi = row.registrations[0].phi;
      const terminalIds = phi ? [phi.phiLocationId.replace('HICAPS-', 'HICAPS-T-')] : [];
      this.sink.add('locations', { ...row, terminal_ids: terminalIds });
      return { id, timeZone: suburb.timeZone, businessId: businesses[n % businesses.length], terminalIds };
    });

    for (let n = 0; n < 3; n++) {
      const id = p.uuid(createdAt);
      const template = `ptpl_${plan.kind.specialty}_${n + 1}`;
      this.sink.add('plan_template_links', {
        id,
        organisation_id: organisationId,
        business_id: businesses[n % businesses.length],
        plan_template_id: template,
        url: `https://api.example.com/plans/templates/${template}/links/${id}`,
        created_at: createdAt.toISOString(),
      });
    }

    const providers = Array.from({ length: plan.providers }, (_, n) => {
      const id = p.uuid(createdAt);
      const firstName = p.pick(FIRST_NAMES);
      const lastName = p.pick(LAST_NAMES);
      this.sink.add('providers', {
        id,
        organisation_id: organisationId,
        first_name: firstName,
        middle_name: null,
        last_name: lastName,
        email: `${slugify(firstName)}.${slugify(lastName)}.${n}@${slugify(name)}.example.com.au`,
        mobile_number: `+614${p.digits(8)}`,
        profile_image_url: `https://cdn.example.com/staff/${id}.jpg`,
        bookings_enabled: n % 10 !== 9,
        deleted: false,
        created_at: createdAt.toISOString(),
        updated_at: createdAt.toISOString(),
      });
      const linked = [
        locations[n % locations.length],
        ...(locations.length > 1 && p.chance(0.3) ? [locations[(n + 1) % locations.length]] : []),
      ];
      const stem = p.int(200_000, 499_999);
      const links = linked.map((location, l) => {
        const providerNumber = medicareProviderNumber(stem, String(l + 1));
        const linkId = this.locationLink(p.uuid(createdAt), organisationId, createdAt, {
          providerId: id,
          locationId: location.id,
          categoryCode: plan.kind.categoryCode,
          providerNumber,
        });
        return { linkId, location, providerNumber };
      });
      for (const hours of workingWeek(
        id,
        linked.map((location) => location.id),
      )) {
        this.sink.add('working_hours', { organisation_id: organisationId, provider_id: id, ...hours });
      }
      return { id, name: `${firstName} ${lastName}`, links };
    });

    const providerIds = providers.map((provider) => provider.id);
    const locationIds = locations.map((location) => location.id);
    const services = plan.kind.services.map((template) =>
      this.service(p, organisationId, createdAt, {
        template,
        category: plan.kind.specialty,
        description: `${template.name} with one of our ${plan.kind.categoryCode.replace(/_/g, ' ')}s.`,
        providerIds,
        locationIds,
      }),
    );

    // A checkpoint every few thousand clients: the largest organisation has 150,000 of them.
    const clients: ReturnType<DatasetGenerator['client']>[] = [];
    for (let n = 0; n < Math.max(20, Math.round(plan.bookings / 4)); n++) {
      clients.push(this.client(organisationId, plan.kind, createdAt, index, n));
      if (n % 5_000 === 4_999) await this.sink.checkpoint();
    }

    const payouts = new Map<string, DemoPayout>();
    let bookings = 0;
    // Each provider's diary is filled day by day, appointment after appointment, so confirmed
    // bookings of one provider never overlap (a group class fills one slot several times).
    const perProviderDay = plan.bookings / (((end - start) / DAY) * (5 / 7) * providers.length);
    for (const provider of providers) {
      for (let day = start; day < end && bookings < plan.bookings; day += DAY) {
        const weekday = new Date(day).getUTCDay();
        if (weekday === 0 || weekday === 6) continue;
        const { linkId, location } = p.pick(provider.links);
        const offset = UTC_OFFSET[location.timeZone] ?? 10;
        let cursor = day + (8 - offset) * HOUR + p.int(0, 4) * 15 * MINUTE;
        const dayEnd = day + (18 - offset) * HOUR;
        // Rounded at random, so a diary of 0.3 appointments a day still gets one on 3 days in 10.
        const expected = perProviderDay * (0.6 + p.next() * 0.8);
        let count = Math.floor(expected) + (p.chance(expected % 1) ? 1 : 0);
        while (count > 0 && bookings < plan.bookings) {
          const service = p.pick(services);
          const duration = service.template.durationMinutes * MINUTE;
          if (cursor + duration > dayEnd) break;
          const attendees = service.template.maxAttendees ? p.int(1, service.template.maxAttendees) : 1;
          for (let a = 0; a < attendees && bookings < plan.bookings; a++) {
            this.booking({
              organisationId,
              plan,
              provider,
              linkId,
              location,
              service,
              client: p.pick(clients),
              serviceDate: cursor,
              duration,
              payouts,
            });
            bookings++;
            count--;
          }
          cursor += duration + p.int(0, 2) * 15 * MINUTE;
        }
      }
      await this.sink.checkpoint();
    }
    if (plan.kind.specialty === 'general_practice') {
      const client = clients.find((candidate) => candidate.medicareCardId);
      if (client)
        bookings += this.referredSessions({ organisationId, plan, gp: providers[0], client, createdAt, payouts });
    }

    for (const payout of payouts.values()) {
      // A week of claims alone makes no payout: they wait, listed by none, for the next one made.
      const made = payout.count > 0;
      for (const claim of payout.claims) {
        this.sink.add(
          'payment_transactions',
          made ? claim : { ...claim, payout_id: null, updated_at: claim.created_at },
        );
      }
      if (!made) continue;
      payout.count += payout.claims.length;
      const arrival = start + (payout.week + 1) * 7 * DAY + 2 * DAY;
      this.sink.add('payouts', {
        id: payout.id,
        organisation_id: organisationId,
        business_id: payout.businessId,
        amount: payout.net,
        currency: 'AUD',
        status: arrival < anchor ? 'paid' : 'in_transit',
        arrival_date: iso(arrival).slice(0, 10),
        transaction_count: payout.count,
        counted_claims: false,
        created_at: iso(arrival - 2 * DAY),
        // Its last move: to `in_transit` when it was made, to `paid` on arrival.
        updated_at: iso(arrival < anchor ? arrival : arrival - 2 * DAY),
      });
    }
    return { id: organisationId, bookings };
  }

  private client(organisationId: string, kind: ClinicKind, createdAt: Date, orgIndex: number, n: number) {
    const p = this.prng;
    const firstName = p.pick(FIRST_NAMES);
    const lastName = p.pick(LAST_NAMES);
    const dateOfBirth = `${p.int(1940, 2015)}-${String(p.int(1, 12)).padStart(2, '0')}-${String(p.int(1, 28)).padStart(2, '0')}`;
    const email = `${slugify(firstName)}.${slugify(lastName)}.${orgIndex}.${n}@example.com`;
    const mobileNumber = `+614${p.digits(8)}`;
    let memberId: string | null = null;
    if (p.chance(0.3)) {
      memberId = p.prefixedId('memb', createdAt);
      this.sink.add('members', {
        id: memberId,
        first_name: firstName,
        last_name: lastName,
        email,
        mobile_number: mobileNumber,
        date_of_birth: dateOfBirth,
        profile_image_url: null,
        metadata: {},
        email_verified: p.chance(0.8),
        mobile_number_verified: p.chance(0.6),
        roles: ['member'],
        settings: { showPlanHelp: true },
        activity: [
          {
            createdAt: createdAt.toISOString(),
            updatedAt: createdAt.toISOString(),
            applicationVersion: '4.2.0',
            platform: p.pick(['ios', 'android', 'web']),
            userAgent: 'HealthApp/4.2.0',
          },
        ],
        created_by_organisation_id: organisationId,
        created_at: createdAt.toISOString(),
        updated_at: createdAt.toISOString(),
      });
    }
    const id = p.uuid(createdAt);
    const { lastNameSearch, fullNameSearch } = nameSearchForms(firstName, lastName);
    this.sink.add('clients', {
      id,
      organisation_id: organisationId,
      member_id: memberId,
      first_name: firstName,
      last_name: lastName,
      last_name_search: lastNameSearch,
      full_name_search: fullNameSearch,
      date_of_birth: dateOfBirth,
      mobile_number: mobileNumber,
      email,
      pms_patient_id: p.chance(0.2) ? `PMS-${p.digits(6)}` : null,
      pms_created_at: null,
      profile_image_url: null,
      deleted: false,
      created_at: createdAt.toISOString(),
      updated_at: createdAt.toISOString(),
    });
    const card = (
      type: string,
      brand: string,
      last4: string,
      fingerprint: string,
      number: string | null,
      details: object,
    ) => {
      const cardId = p.uuid(createdAt);
      this.sink.add('wallet_cards', {
        id: cardId,
        organisation_id: organisationId,
        client_id: id,
        type,
        brand,
        last4,
        fingerprint,
        fingerprint_scope: 'organisation',
        number_ciphertext: number === null ? null : this.vault.seal(number),
        verified: type === 'payment_method',
        verified_at: type === 'payment_method' ? createdAt.toISOString() : null,
        details,
        created_at: createdAt.toISOString(),
        updated_at: createdAt.toISOString(),
      });
      return cardId;
    };
    const method = p.chance(0.7) ? p.pick(TEST_PAYMENT_METHODS) : null;
    const paymentMethodId = method
      ? card(
          'payment_method',
          method.brand,
          method.last4,
          this.vault.fingerprint(organisationId, 'payment_method', method.id, id),
          null,
          {
            customerId: `cus_${p.bytes(7).toString('hex')}`,
            processorPaymentMethodId: method.id,
          },
        )
      : null;
    let healthFundCardId: string | null = null;
    let healthFundId: string | null = null;
    let healthFundPatient: string | null = null;
    let medicareCardId: string | null = null;
    if (kind.claims === 'health_fund' && p.chance(0.6)) {
      const fund = p.pick(HEALTH_FUNDS);
      healthFundId = fund.id;
      const memberNumber = p.digits(p.int(8, 10));
      // The client's position on the card: its fund claims are for them.
      healthFundPatient = String(p.int(1, 4)).padStart(2, '0');
      healthFundCardId = card(
        'health_fund_card',
        fund.name,
        memberNumber.slice(-4),
        this.vault.fingerprint(organisationId, 'health_fund_card', fund.id, memberNumber),
        memberNumber,
        {
          healthFundId: fund.id,
          issueNumber: '01',
          defaultReferenceNumber: healthFundPatient,
          issueDate: null,
          cardholders: [`${firstName} ${lastName}`],
        },
      );
    }
    if (kind.claims === 'medicare' && p.chance(0.85)) {
      const number = this.medicareNumber();
      medicareCardId = card(
        'medicare_card',
        'medicare',
        number.slice(-4),
        this.vault.fingerprint(organisationId, 'medicare_card', number),
        number,
        {
          referenceNumber: String(p.int(1, 5)),
          firstName,
          lastName,
          dateOfBirth,
          secondInitial: null,
          sex: null,
        },
      );
    }
    return {
      id,
      name: `${firstName} ${lastName}`,
      mobileNumber,
      memberId,
      paymentMethodId,
      healthFundCardId,
      healthFundId,
      healthFundPatient,
      medicareCardId,
    };
  }

  private booking(args: {
    organisationId: string;
    plan: OrganisationPlan;
    provider: { id: string; name: string };
    linkId: string;
    location: DemoLocation;
    service: DemoService;
    client: ReturnType<DatasetGenerator['client']>;
    serviceDate: number;
    duration: number;
    payouts: Map<string, DemoPayout>;
    /** A session under a referral: seen, bulk billed with its item and benefit, drawn from its own stream. */
    referred?: ReferredSession;
  }): void {
    const { referred } = args;
    const p = referred?.prng ?? this.prng;
    const { organisationId, plan, provider, location, service, client, serviceDate, payouts } = args;
    const anchor = this.anchor.getTime();
    // Booked before the appointment and never after "now"; cancelled between booking and the earlier of the two.
    const createdAt = Math.min(serviceDate - p.int(1, 30) * DAY, anchor - p.int(1, 14 * 24) * HOUR);
    const past = serviceDate < anchor;
    const cancelled = p.chance(0.08) && !referred;
    const paid = past && !cancelled && (p.chance(0.9) || referred !== undefined);
    const bookingId = p.uuid(new Date(createdAt));
    const booking = {
      id: bookingId,
      organisation_id: organisationId,
      client_id: client.id,
      provider_id: provider.id,
      location_id: location.id,
      appointment_type_id: service.id,
      provider_location_link_id: args.linkId,
      service_date: iso(serviceDate),
      ends_at: iso(serviceDate + args.duration),
      service_price: service.template.price,
      paid,
      invoiced: paid || (past && !cancelled && p.chance(0.5)),
      adjustments:
        past && p.chance(0.03)
          ? [
              {
                id: p.uuid(new Date(serviceDate)),
                amount: 1000,
                balanceEffectIndicator: -1,
                description: 'Loyalty discount',
              },
            ]
          : [],
      cancelled_at: cancelled
        ? iso(createdAt + Math.floor(p.next() * (Math.min(serviceDate, anchor) - createdAt)))
        : null,
      payment_method_id: client.paymentMethodId && p.chance(0.8) ? client.paymentMethodId : null,
      health_fund_card_id: client.healthFundCardId,
      pms_booking_id: p.chance(0.1) ? `PMS-BK-${p.digits(6)}` : null,
      pms_attendee_id: null,
      // Those who were seen came; nobody is marked a no-show, and none is part of a series.
      attendance: past && !cancelled ? 'arrived' : 'pending',
      arrived_at: past && !cancelled ? iso(serviceDate) : null,
      no_show_fee_charged_at: null,
      series_id: null,
      created_at: iso(createdAt),
    };
    // Its last change is its cancellation or its client's arrival, if any: the data says nothing of later ones.
    this.sink.add('bookings', {
      ...booking,
      updated_at: booking.cancelled_at ?? booking.arrived_at ?? booking.created_at,
    });
    if (!paid) return;

    // Checked out as `CheckOutBooking` would, written directly for speed; the
    // dataset test holds these rows to the same invariants. Only a service that happened is checked
    // out and claimed (a paid booking is a past one, and none is a no-show), from one payer: a fund,
    // else Medicare. Medicare first: a bulk bill lowers the charge to the benefit, paid to the
    // business, and charges nothing besides; a patient claim's benefit goes to the patient, who
    // pays the whole fee. A fund claim's rebate is paid to the business. Claims carry no
    // platform fee; the gap is paid by card (or, for a client without one, through a payment link).
    const chargedAt = serviceDate + args.duration + 5 * MINUTE;
    const transactionId = p.uuid(new Date(chargedAt));
    const price = service.template.price;
    const rebate = Math.min(service.template.rebate, price);
    const fundClaim =
      plan.kind.claims === 'health_fund' && client.healthFundCardId && client.healthFundId && client.healthFundPatient
        ? { fundId: client.healthFundId, patient: client.healthFundPatient }
        : null;
    const medicareClaim =
      !fundClaim && plan.kind.claims === 'medicare' && client.medicareCardId
        ? { bulkBilled: p.chance(0.5) || referred !== undefined }
        : null;
    const charge = medicareClaim?.bulkBilled ? rebate : price;
    const gap = fundClaim || medicareClaim?.bulkBilled ? charge - rebate : charge;
    const byLink = gap > 0 && (!client.paymentMethodId || p.chance(0.05));
    // One fund claim in four was approved by the patient's code by SMS rather than a card swiped at a
    // terminal: chosen by its transaction's id, so no other row changes.
    const approvedByCode = fundClaim !== null && '0123'.includes(transactionId.slice(-1));
    const transaction: Row = {
      id: transactionId,
      organisation_id: organisationId,
      business_id: location.businessId,
      booking_id: bookingId,
      client_id: client.id,
      client_name: client.name,
      customer_name: client.name,
      amount: charge,
      currency: 'AUD',
      payment_method_id: gap > 0 && !byLink ? client.paymentMethodId : null,
      health_fund_card_id: fundClaim ? client.healthFundCardId : null,
      medicare_card_id: medicareClaim ? client.medicareCardId : null,
      service_provider_id: provider.id,
      location_id: location.id,
      items: [
        {
          id: p.uuid(new Date(chargedAt)),
          chargeAmount: charge,
          description: service.template.name,
          clinicalCode: null,
          itemCode: service.template.itemCode,
          billableItemId: service.billableItem.id,
          appointmentTypeId: service.id,
          billableItem: service.billableItem,
        },
      ],
      status: 'completed',
      confirmations: approvedByCode ? [approvedConfirmation(transactionId, client.mobileNumber, chargedAt)] : [],
      pending_check_out: null,
      created_at: iso(chargedAt),
      updated_at: iso(chargedAt),
    };
    this.sink.add('transactions', transaction);

    const paymentTransaction = (at: number, source: PaymentSource, amount: number, fee: number, parts: Row) => {
      const week = Math.floor((at - (anchor - 548 * DAY)) / (7 * DAY));
      const key = `${location.businessId}:${week}`;
      let payout = payouts.get(key);
      const paidOut = at < anchor - 3 * DAY;
      if (paidOut && !payout) {
        payout = { id: p.uuid(new Date(at)), businessId: location.businessId, net: 0, count: 0, week, claims: [] };
        payouts.set(key, payout);
      }
      // Only card payments are refunded, never above what was paid; the payout of the payment counts its refund too.
      const payoutId = paidOut && payout ? payout.id : null;
      const adjustments =
        source === 'payment' && p.chance(0.01)
          ? [
              {
                id: p.uuid(new Date(at)),
                createdAt: iso(at + HOUR),
                source: 'refund',
                amount: -Math.min(amount, 1500),
                payoutId,
              },
            ]
          : [];
      // A refund changes the payment transaction and its transaction; the payout that takes it, the payment transaction alone.
      const changedAt = adjustments.length ? at + HOUR : at;
      transaction.updated_at = iso(Math.max(Date.parse(transaction.updated_at as string), changedAt));
      const paidOutAt = paidOut && payout ? anchor - 548 * DAY + (week + 1) * 7 * DAY : changedAt;
      const row = {
        id: p.uuid(new Date(at)),
        organisation_id: organisationId,
        business_id: location.businessId,
        transaction_id: transactionId,
        payout_id: payoutId,
        source,
        amount,
        platform_fee_amount: fee,
        payment: null,
        claim_id: null,
        medicare_claim_id: null,
        adjustments,
        payment_links: [],
        events: [],
        created_at: iso(at),
        updated_at: iso(Math.max(changedAt, paidOutAt)),
        ...parts,
      };
      if (paidOut && payout && settledByOf(source) === 'payer') {
        // A claim is listed by its week's payout, if one is made (its payer pays the business, not the payout).
        payout.claims.push(row);
        return;
      }
      if (paidOut && payout) {
        payout.net += payoutAmountOf([
          {
            source,
            payoutId: null,
            amount,
            platformFeeAmount: fee,
            adjustments: adjustments.map((adjustment) => ({ ...adjustment, payoutId: null })),
          },
        ]);
        payout.count++;
      }
      this.sink.add('payment_transactions', row);
    };
    const cardPayment = (at: number, amount: number) => {
      if (amount <= 0) return;
      const paymentId = `pi_${p.bytes(12).toString('hex')}`;
      paymentTransaction(at, 'payment', amount, platformFeeOf(amount, DEFAULT_PLATFORM_FEE_BASIS_POINTS), {
        payment: {
          id: paymentId,
          currency: 'AUD',
          status: 'succeeded',
          // A link is paid with a card the client enters on the page, not one from the wallet.
          paymentMethodId: byLink ? null : client.paymentMethodId,
          clientSecret: `${paymentId}_secret_${p.bytes(6).toString('hex')}`,
          amount,
        },
        events: [{ createdAt: iso(at), createdBy: byLink ? 'system' : (client.memberId ?? 'system') }],
        payment_links: byLink
          ? [
              {
                id: p.uuid(new Date(at)),
                url: `https://pay.example.com/pay/${p.bytes(16).toString('base64url')}`,
                createdAt: iso(chargedAt),
                expiresAt: iso(chargedAt + 72 * HOUR),
                events: [{ createdAt: iso(at) }],
              },
            ]
          : [],
      });
    };

    if (fundClaim) {
      const claimId = p.uuid(new Date(chargedAt));
      this.sink.add(
        'claims',
        withAgreement(approvedByCode, {
          id: claimId,
          organisation_id: organisationId,
          health_fund_id: fundClaim.fundId,
          reference_number: `HC-${p.digits(8)}`,
          provider_number: medicareProviderNumber(p.int(200_000, 499_999), '1'),
          is_rebate_estimate: false,
          total_charge_amount: charge,
          total_rebate_amount: rebate,
          total_gap_amount: charge - rebate,
          items: [
            {
              id: p.uuid(new Date(chargedAt)),
              itemCode: service.template.itemCode,
              patientReferenceNumber: fundClaim.patient,
              serviceReference: null,
              itemDescription: service.template.name,
              itemName: service.template.name,
              chargeAmount: charge,
              rebateAmount: rebate,
              serviceDate: iso(serviceDate),
              response: { statusCode: '0', responseCode: '00' },
            },
          ],
          // One of its location's terminals, picked with the four digits its id was once drawn from (so the
          // rows after it stay as they were).
          device: { terminalId: location.terminalIds[Number(p.digits(4)) % location.terminalIds.length] ?? null },
          service_type: { code: plan.kind.specialty.slice(0, 1).toUpperCase(), name: plan.kind.specialty },
          rules: { reversal: { enabled: true } },
          response: { statusCode: '0', responseCode: '00', freeText: 'Approved' },
          payment: null,
          provider: { providerNumber: null, name: provider.name, categoryCode: plan.kind.categoryCode },
          cancelled_at: null,
          voided_at: null,
          created_at: iso(chargedAt),
        }),
      );
      paymentTransaction(chargedAt, 'health_fund_claim', rebate, 0, { claim_id: claimId });
    } else if (medicareClaim) {
      const claimId = p.uuid(new Date(chargedAt));
      this.sink.add('medicare_claims', {
        id: claimId,
        organisation_id: organisationId,
        transaction_id: transactionId,
        reference: `MC-${p.digits(8)}`,
        mcol_transaction_id: `MCOL-TX-${p.digits(7)}`,
        mcol_claim_id: `MCOL-CL-${p.digits(7)}`,
        mcol_error_code: null,
        mcol_error_message: null,
        type: medicareClaim.bulkBilled
          ? { code: 'bulk_bill', name: 'Bulk bill' }
          : { code: 'patient_claim', name: 'Patient claim' },
        payment_status: medicareClaim.bulkBilled
          ? { code: 'paid_to_provider', name: 'Paid to provider' }
          : { code: 'paid_to_patient', name: 'Paid to patient' },
        // A bulk bill on the patient's signed assignment of benefit; a patient claim needs none.
        agreement: medicareClaim.bulkBilled ? { method: 'signed', agreedAt: iso(chargedAt) } : null,
        total_charge_amount: charge,
        total_rebate_amount: rebate,
        total_gap_amount: charge - rebate,
        items_count: 1,
        items: [
          {
            id: p.uuid(new Date(chargedAt)),
            itemCode: service.template.itemCode,
            chargeAmount: charge,
            rebateAmount: rebate,
            gapAmount: charge - rebate,
            patientCount: 1,
            quantity: 1,
            mcolAssessmentCode: 'A',
            mcolErrorCode: null,
            mcolErrorMessage: null,
          },
        ],
        rules: { reversal: { enabled: true } },
        patient_medicare_card_id: client.medicareCardId,
        claimant_medicare_card_id: null,
        referral_id: referred?.referralId ?? null,
        service_date: iso(serviceDate),
        created_at: iso(chargedAt),
      });
      if (medicareClaim.bulkBilled)
        paymentTransaction(chargedAt, 'medicare_claim', rebate, 0, { medicare_claim_id: claimId });
    }
    cardPayment(chargedAt + MINUTE, gap);
  }

  /**
   * A GP practice's exercise physiologist and a client the practice's first GP referred to them
   * under a chronic disease management plan (5 sessions): 3 sessions used, bulk billed as MBS item
   * 10953 on Tuesday mornings of the last five weeks. Drawn from a stream of their own, so every other
   * row stays as it was. Returns how many bookings it made.
   */
  private referredSessions(args: {
    organisationId: string;
    plan: OrganisationPlan;
    gp: { name: string; links: { location: DemoLocation; providerNumber: string }[] };
    client: ReturnType<DatasetGenerator['client']>;
    createdAt: Date;
    payouts: Map<string, DemoPayout>;
  }): number {
    const { organisationId, gp, client, createdAt } = args;
    const prng = new Prng(Number.parseInt(client.id.replaceAll('-', '').slice(-8), 16));
    const anchor = this.anchor.getTime();
    const location = gp.links[0].location;

    const providerId = prng.uuid(createdAt);
    const firstName = prng.pick(FIRST_NAMES);
    const lastName = prng.pick(LAST_NAMES);
    this.sink.add('providers', {
      id: providerId,
      organisation_id: organisationId,
      first_name: firstName,
      middle_name: null,
      last_name: lastName,
      email: `${slugify(firstName)}.${slugify(lastName)}.ep@${slugify(organisationId)}.example.com.au`,
      mobile_number: `+614${prng.digits(8)}`,
      profile_image_url: `https://cdn.example.com/staff/${providerId}.jpg`,
      bookings_enabled: true,
      deleted: false,
      created_at: createdAt.toISOString(),
      updated_at: createdAt.toISOString(),
    });
    const linkId = this.locationLink(prng.uuid(createdAt), organisationId, createdAt, {
      providerId,
      locationId: location.id,
      categoryCode: 'exercise_physiologist',
      providerNumber: medicareProviderNumber(prng.int(200_000, 499_999), '1'),
    });
    for (const hours of workingWeek(providerId, [location.id])) {
      this.sink.add('working_hours', { organisation_id: organisationId, provider_id: providerId, ...hours });
    }
    const template: ServiceTemplate = {
      name: 'Exercise physiology under a GP management plan',
      durationMinutes: 30,
      price: ALLIED_HEALTH_BENEFIT,
      itemCode: '10953',
      rebate: ALLIED_HEALTH_BENEFIT,
    };
    const service = this.service(prng, organisationId, createdAt, {
      template,
      category: 'exercise_physiology',
      description: 'An exercise physiology session for a patient referred under their GP management plan.',
      providerIds: [providerId],
      locationIds: [location.id],
    });

    // Tuesdays at 10:00 at the location, the last a week or more before the anchor.
    const weekAgo = anchor - 7 * DAY;
    const lastTuesday = weekAgo - ((new Date(weekAgo).getUTCDay() + 5) % 7) * DAY;
    const sessions = [lastTuesday - 28 * DAY, lastTuesday - 14 * DAY, lastTuesday].map(
      (day) => day + (10 - (UTC_OFFSET[location.timeZone] ?? 10)) * HOUR,
    );
    const issuedAt = sessions[0] - 14 * DAY;
    const referralId = prng.uuid(new Date(issuedAt));
    this.sink.add('referrals', {
      id: referralId,
      organisation_id: organisationId,
      client_id: client.id,
      type: 'gp_chronic_disease_management',
      referring_provider_number: gp.links[0].providerNumber,
      referring_provider_name: `Dr ${gp.name}`,
      issued_on: iso(issuedAt).slice(0, 10),
      expires_on: null,
      // What a GP's plan refers: 5 services.
      sessions_referred: 5,
      deleted: false,
      created_at: iso(issuedAt),
      // Its last change: the last session claimed under it.
      updated_at: iso(sessions[sessions.length - 1] + (template.durationMinutes + 5) * MINUTE),
    });
    for (const serviceDate of sessions) {
      this.booking({
        ...args,
        provider: { id: providerId, name: `${firstName} ${lastName}` },
        linkId,
        location,
        service,
        serviceDate,
        duration: template.durationMinutes * MINUTE,
        referred: { prng, referralId },
      });
    }
    return sessions.length;
  }

  /** A provider's link to a location, with their provider number there; returns its id. */
  private locationLink(
    id: string,
    organisationId: string,
    createdAt: Date,
    link: { providerId: string; locationId: string; categoryCode: string; providerNumber: string },
  ): string {
    this.sink.add('provider_location_links', {
      id,
      organisation_id: organisationId,
      provider_id: link.providerId,
      location_id: link.locationId,
      accepted_terms: true,
      category_code: link.categoryCode,
      medicare: {
        suggestedProviderNumber: null,
        providerNumber: link.providerNumber,
        startDate: createdAt.toISOString(),
        registrationLetter: null,
      },
      association: { registrationLetter: null },
      deleted: false,
      created_at: createdAt.toISOString(),
      updated_at: createdAt.toISOString(),
    });
    return id;
  }

  /** A service (appointment type) with its one billable item, drawn from `p`. */
  private service(
    p: Prng,
    organisationId: string,
    createdAt: Date,
    args: {
      template: ServiceTemplate;
      category: string;
      description: string;
      providerIds: string[];
      locationIds: string[];
    },
  ): DemoService {
    const { template } = args;
    const id = p.uuid(createdAt);
    const billableItem = {
      id: p.uuid(createdAt),
      name: template.name,
      basePrice: template.price,
      totalPrice: template.price,
      taxAmount: 0,
      taxRate: 0,
      itemCode: template.itemCode,
      pmsBillableItemId: null,
      serviceItem: {
        id: `si_${template.itemCode}`,
        itemCode: template.itemCode,
        category: args.category,
        description: template.name,
      },
    };
    this.sink.add('appointment_types', {
      id,
      organisation_id: organisationId,
      name: template.name,
      duration_minutes: template.durationMinutes,
      price: template.price,
      provider_ids: args.providerIds,
      location_ids: args.locationIds,
      max_attendees: template.maxAttendees ?? 1,
      description: args.description,
      category: args.category,
      item_code: template.itemCode,
      billable_items: [billableItem],
      deleted: false,
      created_at: createdAt.toISOString(),
      updated_at: createdAt.toISOString(),
    });
    return { id, template, billableItem };
  }

  /** An ABN with a valid checksum: choose 9 digits, then the 2 leading digits that make it divisible by 89. */
  private abn(): string {
    const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
    for (;;) {
      const body = this.prng.digits(9);
      for (let lead = 10; lead <= 99; lead++) {
        const digits = [...`${lead}${body}`].map(Number);
        digits[0] -= 1;
        if (digits.reduce((sum, digit, index) => sum + digit * weights[index], 0) % 89 === 0) return `${lead}${body}`;
      }
    }
  }

  private medicareNumber(): string {
    const firstEight = `${this.prng.int(2, 6)}${this.prng.digits(7)}`;
    return `${firstEight}${medicareCheckDigit(firstEight)}${this.prng.int(1, 9)}`;
  }
}

/**
 * A fund claim's row with the patient's agreement: their card swiped at its terminal, or (`byCode`,
 * or a location with no terminal) their code by SMS, verified as the claim was made.
 */
function withAgreement<T extends { device: { terminalId: string | null }; created_at: string }>(
  byCode: boolean,
  row: T,
) {
  const device = byCode ? { terminalId: null } : row.device;
  return { ...row, device, agreement: { method: device.terminalId ? 'terminal' : 'sms', agreedAt: row.created_at } };
}

/** The confirmation of a claim the patient approved by the code sent to their mobile, 2 minutes before it was made. */
function approvedConfirmation(transactionId: string, mobileNumber: string, chargedAt: number): Row {
  const sentAt = chargedAt - 2 * MINUTE;
  return {
    // Made from the transaction's id (its last digit changed), so it draws nothing from the generator.
    id: `${transactionId.slice(0, -1)}${(Number.parseInt(transactionId.slice(-1), 16) ^ 8).toString(16)}`,
    contactValue: `${'•'.repeat(mobileNumber.length - 4)}${mobileNumber.slice(-3)}`,
    channel: 'sms',
    createdAt: new Date(sentAt).toISOString(),
    expiresAt: new Date(sentAt + 15 * MINUTE).toISOString(),
    verifiedAt: new Date(chargedAt).toISOString(),
    verified: true,
    issue: 1,
    // No code of a demo confirmation can be verified again: its hash matches none.
    codeHash: '0'.repeat(64),
    wrongCodes: 0,
    resends: 0,
    closedWith: null,
  };
}
