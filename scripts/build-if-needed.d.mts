/** The repository's root folder, ending in `/`. */
export const root: string;
/** Runs `nest build` when a source is newer than the last build. */
export function buildIfNeeded(): void;
