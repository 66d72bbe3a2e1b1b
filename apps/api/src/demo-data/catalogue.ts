/** What the demo clinics are made of: real-looking Australian places, names and services. */

export interface Suburb {
  suburb: string;
  city: string;
  state: string;
  postcode: string;
  timeZone: string;
  streets: string[];
}

export const SUBURBS: Suburb[] = [
  {
    suburb: 'Bondi Junction',
    city: 'Sydney',
    state: 'NSW',
    postcode: '2022',
    timeZone: 'Australia/Sydney',
    streets: ['Oxford Street', 'Spring Street', 'Bronte Road'],
  },
  {
    suburb: 'Parramatta',
    city: 'Sydney',
    state: 'NSW',
    postcode: '2150',
    timeZone: 'Australia/Sydney',
    streets: ['Church Street', 'George Street', 'Macquarie Street'],
  },
  {
    suburb: 'Chatswood',
    city: 'Sydney',
    state: 'NSW',
    postcode: '2067',
    timeZone: 'Australia/Sydney',
    streets: ['Victoria Avenue', 'Albert Avenue', 'Help Street'],
  },
  {
    suburb: 'Newtown',
    city: 'Sydney',
    state: 'NSW',
    postcode: '2042',
    timeZone: 'Australia/Sydney',
    streets: ['King Street', 'Enmore Road', 'Australia Street'],
  },
  {
    suburb: 'Richmond',
    city: 'Melbourne',
    state: 'VIC',
    postcode: '3121',
    timeZone: 'Australia/Melbourne',
    streets: ['Swan Street', 'Bridge Road', 'Church Street'],
  },
  {
    suburb: 'Fitzroy',
    city: 'Melbourne',
    state: 'VIC',
    postcode: '3065',
    timeZone: 'Australia/Melbourne',
    streets: ['Brunswick Street', 'Gertrude Street', 'Smith Street'],
  },
  {
    suburb: 'St Kilda',
    city: 'Melbourne',
    state: 'VIC',
    postcode: '3182',
    timeZone: 'Australia/Melbourne',
    streets: ['Acland Street', 'Fitzroy Street', 'Grey Street'],
  },
  {
    suburb: 'Fortitude Valley',
    city: 'Brisbane',
    state: 'QLD',
    postcode: '4006',
    timeZone: 'Australia/Brisbane',
    streets: ['Brunswick Street', 'Ann Street', 'Wickham Street'],
  },
  {
    suburb: 'Paddington',
    city: 'Brisbane',
    state: 'QLD',
    postcode: '4064',
    timeZone: 'Australia/Brisbane',
    streets: ['Given Terrace', 'Latrobe Terrace', 'Caxton Street'],
  },
  {
    suburb: 'Subiaco',
    city: 'Perth',
    state: 'WA',
    postcode: '6008',
    timeZone: 'Australia/Perth',
    streets: ['Rokeby Road', 'Hay Street', 'Hamersley Road'],
  },
  {
    suburb: 'Fremantle',
    city: 'Perth',
    state: 'WA',
    postcode: '6160',
    timeZone: 'Australia/Perth',
    streets: ['High Street', 'Market Street', 'South Terrace'],
  },
  {
    suburb: 'Norwood',
    city: 'Adelaide',
    state: 'SA',
    postcode: '5067',
    timeZone: 'Australia/Adelaide',
    streets: ['The Parade', 'Magill Road', 'Osmond Terrace'],
  },
  {
    suburb: 'Sandy Bay',
    city: 'Hobart',
    state: 'TAS',
    postcode: '7005',
    timeZone: 'Australia/Hobart',
    streets: ['Sandy Bay Road', 'King Street', 'Grosvenor Street'],
  },
  {
    suburb: 'Braddon',
    city: 'Canberra',
    state: 'ACT',
    postcode: '2612',
    timeZone: 'Australia/Sydney',
    streets: ['Lonsdale Street', 'Mort Street', 'Elouera Street'],
  },
  {
    suburb: 'Parap',
    city: 'Darwin',
    state: 'NT',
    postcode: '0820',
    timeZone: 'Australia/Darwin',
    streets: ['Parap Road', 'Gregory Street', 'Hingston Street'],
  },
];

export const FIRST_NAMES = [
  'Olivia',
  'Noah',
  'Charlotte',
  'Oliver',
  'Amelia',
  'William',
  'Isla',
  'Jack',
  'Mia',
  'Leo',
  'Ava',
  'Henry',
  'Grace',
  'Lucas',
  'Chloe',
  'Thomas',
  'Priya',
  'Arjun',
  'Mei',
  'Wei',
  'Hannah',
  'Daniel',
  'Aisha',
  'Mohammed',
  'Sofia',
  'Luca',
  'Ngaio',
  'Tama',
  'Zara',
  'Ethan',
  'Ruby',
  'James',
  'Emily',
  'Samuel',
  'Ella',
  'Hugo',
  'Matilda',
  'Harvey',
  'Sienna',
  'Kai',
  'Yuki',
  'Hiroshi',
  'Minh',
  'Linh',
  'Fatima',
  'Omar',
  'Elena',
  'Nikos',
];

export const LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Johnson',
  'Martin',
  'White',
  'Anderson',
  'Walker',
  'Thompson',
  'Chen',
  'Kelly',
  'Ryan',
  'Lee',
  'Harris',
  'King',
  'Singh',
  'Patel',
  'Wang',
  'Li',
  'Kaur',
  'Murphy',
  "O'Brien",
  'Campbell',
  'Papadopoulos',
  'Rossi',
  'Tran',
  'Kim',
  'Robinson',
  'Clarke',
  'Wright',
  'Mitchell',
  'Young',
  'Hall',
  'Scott',
  'Green',
  'Baker',
  'Hughes',
  'Cooper',
  'Ward',
  'Sato',
  'Haddad',
  'Novak',
];

export interface ServiceTemplate {
  name: string;
  durationMinutes: number;
  /** Cents. */
  price: number;
  itemCode: string;
  maxAttendees?: number;
  /** What a fund or Medicare typically pays back, in cents. */
  rebate: number;
}

export type Specialty = 'physiotherapy' | 'psychology' | 'dental' | 'general_practice';

export interface ClinicKind {
  specialty: Specialty;
  names: string[];
  categoryCode: string;
  /** Claimed from private health funds or from Medicare. */
  claims: 'health_fund' | 'medicare';
  services: ServiceTemplate[];
}

export const CLINIC_KINDS: ClinicKind[] = [
  {
    specialty: 'physiotherapy',
    names: ['Harbour Physio', 'Coastline Physiotherapy', 'Move Well Physio', 'Active Recovery Physio'],
    categoryCode: 'physiotherapist',
    claims: 'health_fund',
    services: [
      { name: 'Initial physiotherapy consultation', durationMinutes: 45, price: 11000, itemCode: '500', rebate: 6000 },
      { name: 'Standard physiotherapy consultation', durationMinutes: 30, price: 9000, itemCode: '505', rebate: 4800 },
      { name: 'Extended physiotherapy consultation', durationMinutes: 60, price: 14000, itemCode: '506', rebate: 7000 },
      {
        name: 'Clinical Pilates class',
        durationMinutes: 60,
        price: 4500,
        itemCode: '560',
        maxAttendees: 6,
        rebate: 2000,
      },
    ],
  },
  {
    specialty: 'psychology',
    names: ['Clear Mind Psychology', 'Northside Psychology', 'Open Door Psychology'],
    categoryCode: 'clinical_psychologist',
    claims: 'medicare',
    services: [
      {
        name: 'Clinical psychology session (50+ min)',
        durationMinutes: 60,
        price: 26000,
        itemCode: '80010',
        rebate: 14180,
      },
      { name: 'Psychology session (30-50 min)', durationMinutes: 45, price: 19000, itemCode: '80110', rebate: 9655 },
      { name: 'Telehealth psychology session', durationMinutes: 50, price: 24000, itemCode: '91166', rebate: 14180 },
    ],
  },
  {
    specialty: 'dental',
    names: ['Bright Smile Dental', 'Riverside Dental', 'Family Dental Care'],
    categoryCode: 'dentist',
    claims: 'health_fund',
    services: [
      { name: 'Comprehensive oral examination', durationMinutes: 30, price: 7500, itemCode: '011', rebate: 4500 },
      { name: 'Scale and clean', durationMinutes: 45, price: 15000, itemCode: '114', rebate: 9000 },
      { name: 'Intraoral X-ray', durationMinutes: 15, price: 4000, itemCode: '022', rebate: 2400 },
      { name: 'Fluoride treatment', durationMinutes: 15, price: 3500, itemCode: '121', rebate: 2100 },
    ],
  },
  {
    specialty: 'general_practice',
    names: ['Parkside Medical Centre', 'Wattle Family Practice', 'Southbank GP Clinic'],
    categoryCode: 'general_practitioner',
    claims: 'medicare',
    services: [
      { name: 'Standard GP consultation', durationMinutes: 15, price: 8500, itemCode: '23', rebate: 4290 },
      { name: 'Long GP consultation', durationMinutes: 30, price: 15500, itemCode: '36', rebate: 8295 },
      { name: 'Prolonged GP consultation', durationMinutes: 45, price: 21000, itemCode: '44', rebate: 12215 },
    ],
  },
];

/** Funds seeded by the directory migration. */
export const HEALTH_FUNDS = [
  { id: '0193a6f2-0001-7000-8000-000000000001', name: 'Medibank Private' },
  { id: '0193a6f2-0001-7000-8000-000000000002', name: 'Bupa HI' },
  { id: '0193a6f2-0001-7000-8000-000000000003', name: 'HCF' },
  { id: '0193a6f2-0001-7000-8000-000000000004', name: 'nib' },
  { id: '0193a6f2-0001-7000-8000-000000000005', name: 'HBF Health' },
  { id: '0193a6f2-0001-7000-8000-000000000006', name: 'Teachers Health' },
];

export const TEST_PAYMENT_METHODS = [
  { id: 'pm_card_visa', brand: 'visa', last4: '4242' },
  { id: 'pm_card_mastercard', brand: 'mastercard', last4: '4444' },
  { id: 'pm_card_amex', brand: 'amex', last4: '8431' },
];
