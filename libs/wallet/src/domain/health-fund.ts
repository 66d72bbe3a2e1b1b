/** A private health insurer that cards and claims refer to. Reference data, seeded by a migration. */
export class HealthFund {
  id: string;
  name: string;
  capabilities: Record<string, boolean>;
  /** When the migration that added it ran: a fund never changes once in the catalogue. */
  createdAt: Date;
}
