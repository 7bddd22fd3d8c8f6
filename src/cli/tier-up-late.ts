// V8 hands a function to its optimising compiler once it has run through a budget of bytecode
// (--interrupt-budget, 66 KB by default). A run's processes live seconds, and most of their code is
// warm rather than hot: a status run had 103 functions optimised, 290 ms of background compiling,
// for code that then ran little longer. A larger budget leaves only the really hot code to optimise,
// and WebAssembly is never optimised (WASM_BASELINE_ONLY).

/**
 * The CLI's process, sixteen times the budget (17 functions optimised in a status run): a ledger
 * run's CLI took 2.97 s of CPU against 3.58 s, 3.01 s with four times; a status run 1.64 against
 * 1.76 s, 1.72 s with four times (blocks of runs taken in turns).
 */
export const CLI_TIER_UP = '--interrupt-budget=1081344';

/**
 * WebAssembly on V8's baseline compiler only, in every process of a run: undici parses HTTP with
 * llhttp's WebAssembly, and PGlite (the reference's database) is WebAssembly too. Left alone, V8
 * compiled their hot functions again with its optimising compiler on a helper thread: a standalone
 * status run's CLI spent about 0.1 s of CPU and 40 MB of fresh pages there (1.77 -> 1.68 s, 16 runs
 * each in turns). A ledger run's CLI took 2.87 s of CPU against 3.02 s, and 2.59 s of wall time
 * against 2.98 s: the baseline code parses its answers no slower over a run (five runs each).
 */
export const WASM_BASELINE_ONLY = '--liftoff-only';

/** The V8 flags `bin/ledger-conformance.mjs` sets before the run's modules load. */
export const CLI_V8_FLAGS = `${CLI_TIER_UP} ${WASM_BASELINE_ONLY}`;

/**
 * A reference server's process, four times the budget: it served a ledger run on 3.19 s of CPU
 * against 3.59 s (3.22 s with sixteen times) and keeps most of its peak rate on a page asked again
 * and again, 11,900 against 13,000-14,100 requests/s (7,300 with sixteen times: its hot path
 * stays unoptimised too long).
 */
export const REFERENCE_TIER_UP = '--interrupt-budget=270336';
