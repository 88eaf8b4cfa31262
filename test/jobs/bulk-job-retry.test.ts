import { bulkJobBackoff as backoff, bulkJobRetries, isFinalBulkAttempt } from '../../src/jobs/bulk-job.job';

describe('bulk job retries', () => {
  // Agenda asks the backoff with the failure count so far: a delay means one more run, null none.
  it('marks as final exactly the run after which the queue schedules no other', () => {
    for (let failuresBefore = 0; failuresBefore <= bulkJobRetries + 1; failuresBefore += 1) {
      const retriedIfItFails = backoff({ attempt: failuresBefore + 1 } as Parameters<typeof backoff>[0]) !== null;
      expect([failuresBefore, isFinalBulkAttempt(failuresBefore)]).toEqual([failuresBefore, !retriedIfItFails]);
    }
    expect(isFinalBulkAttempt(undefined)).toBe(false);
  });
});
