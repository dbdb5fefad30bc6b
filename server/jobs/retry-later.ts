/**
 * Thrown by a job that was told to come back later (LINE's 429 with Retry-After): the job runs
 * again not before `seconds` from now, and the wait is not counted as a failed attempt.
 */
export class RetryLater extends Error {
  constructor(
    readonly seconds: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'RetryLater';
  }
}
