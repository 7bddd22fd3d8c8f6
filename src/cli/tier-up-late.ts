// V8 hands a function to its optimising compiler once it has run through a budget of bytecode
// (--interrupt-budget, 66 KB by default). A run's processes live seconds and their code is warm
// rather than hot: a status run had 103 functions optimised, 290 ms of background compiling for code
// that ran little longer. With sixteen times the budget (17 optimised) only the really hot code is:
// a ledger run's CLI took 3.15 s of CPU instead of 3.63, the reference serving it 3.72 s instead of
// 4.21 (six and five alternating runs); 32 and 64 times did no better.

/** The V8 flag every process of a run starts with: the CLI's own (bin/ledger-conformance.mjs) and the reference's. */
export const TIER_UP_LATE = '--interrupt-budget=1081344';
