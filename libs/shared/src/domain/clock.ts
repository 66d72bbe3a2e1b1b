/** Time as a port, so rules that depend on "now" are tested at their boundaries. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
