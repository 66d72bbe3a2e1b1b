/**
 * Whether an organisation is live or a sandbox, for the contexts that must not act for real on a
 * sandbox's behalf (send its messages, move its money).
 */
export abstract class OrganisationModes {
  /** `false` for a sandbox organisation; the organisation's 404 when there is none. */
  abstract isLive(organisationId: string): Promise<boolean>;
}
