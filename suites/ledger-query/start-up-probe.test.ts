// The CLI's reachability probe, judged like every answer of the run.
import { probeAnswerTest } from '../../src/harness/probe-answer-test.ts';

probeAnswerTest('ledger-query');
