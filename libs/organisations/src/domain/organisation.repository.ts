import type { Organisation } from './organisation.js';

export abstract class OrganisationRepository {
  abstract findById(id: string): Promise<Organisation | null>;
  /** The organisation, locked against other changes until the running transaction ends; `null` when there is none. */
  abstract lock(id: string): Promise<Organisation | null>;
  /** Slugs equal to `base` or of the form `base-N`. */
  abstract slugsLike(base: string): Promise<Set<string>>;
  /** Inserts the organisation at once; a taken slug fails with `SlugTakenError`. */
  abstract add(organisation: Organisation): Promise<void>;
  abstract save(organisation: Organisation): Promise<void>;
}

export class SlugTakenError extends Error {}
