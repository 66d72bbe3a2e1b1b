/**
 * What the platform asks of organisations: that one exists (a key may be scoped to it) and whether
 * it owns a business (the scope of a business route). The platform owns this port and the composition
 * root binds it to the organisations context, so the platform depends on no context.
 */
export abstract class OrganisationLookup {
  /** Throws the organisation's 404 when there is no such organisation. */
  abstract assertExists(organisationId: string): Promise<void>;
  /** Whether the organisation owns the business, in the same time for another organisation's business as for none. */
  abstract ownsBusiness(organisationId: string, businessId: string): Promise<boolean>;
}
