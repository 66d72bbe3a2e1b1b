import { AsyncLocalStorage } from 'node:async_hooks';

const work = new AsyncLocalStorage<{ called: boolean }>();

/**
 * Whether a unit of work has called outside the service (the card processor, a payer's gateway):
 * such work cannot simply be run again when its database transaction fails, as a deadlock makes it
 * fail, because the outside world already acted on it. Adapters `mark` before they call; the outbox
 * transaction asks `ran(...)` whether its work did.
 */
export const OutsideCalls = {
  /** Said by an adapter about to call outside, inside whatever work is running. */
  mark(): void {
    const current = work.getStore();
    if (current) current.called = true;
  },

  /** Runs `change`, telling whether it called outside before it settled. */
  async ran<T>(change: () => Promise<T>): Promise<{ result: T } | { error: unknown; calledOutside: boolean }> {
    const state = { called: false };
    try {
      return { result: await work.run(state, change) };
    } catch (error) {
      return { error, calledOutside: state.called };
    }
  },
};
