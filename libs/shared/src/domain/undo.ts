/**
 * What a unit of work did outside the database (a card charged, a claim approved), with how to take
 * each back: run when its database transaction does not commit, so nothing is kept half-done.
 */
export class Undo {
  private readonly steps: (() => Promise<void>)[] = [];

  add(step: () => Promise<void>): void {
    this.steps.push(step);
  }

  /**
   * Newest first, as a ledger is unwound; one failing step does not stop the others. Answers whether
   * every step was taken back.
   */
  async run(): Promise<boolean> {
    const outcomes = await Promise.allSettled(this.steps.reverse().map((step) => step()));
    return outcomes.every((outcome) => outcome.status === 'fulfilled');
  }
}
