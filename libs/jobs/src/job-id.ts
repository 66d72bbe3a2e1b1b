import { hash } from 'node:crypto';

/**
 * A job id (the engine wants a UUID) made from what names the job: the same parts always give the
 * same id, so a sender that runs twice queues the job once.
 */
export function jobIdOf(...parts: string[]): string {
  const hex = hash('sha256', parts.join(':'));
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
