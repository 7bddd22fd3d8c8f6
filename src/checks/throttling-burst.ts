// The bounds of the burst that provokes a verifier's rate limiting (suites/verify/rate-limit.test.ts):
// at most this many requests and this long, in waves of this many in flight at once. Requests in
// flight make it a burst however far away the target is: waves of 32 send about 160 a second to a
// target 200 ms away, well past the reference's 60 a second (8 sent 40 and left the rule not
// evaluated there). The throttling answers of the last wave are the answers under test, not waited out.
export const THROTTLING_BURST = { maxRequests: 150, maxMs: 20_000, wave: 32 } as const;
