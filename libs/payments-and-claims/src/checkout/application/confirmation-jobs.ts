import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Jobs } from '@app/jobs';
import { EXPIRE_QUEUE, type ExpiryJob } from './confirmation-dispatch.js';
import { ConfirmCheckOut } from './confirm-check-out.use-case.js';

/** Runs the expiry of the patient's codes on the job engine, whichever instance takes the job. */
@Injectable()
export class ConfirmationJobs implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: Jobs,
    private readonly confirmations: ConfirmCheckOut,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.work<ExpiryJob>(EXPIRE_QUEUE, { expireInSeconds: 60, retryLimit: 10, retryBackoff: true }, (job) =>
      this.confirmations.expireIfDue(job),
    );
  }
}
