/**
 * How one conformance run is judged from what the suite recorded: its checks (checks.json) and how the suite
 * process ended. A run whose own checks never reached a verdict (all SKIPPED or INFO, or none at all) did not
 * exercise the client, whatever the suite's exit code says: the suite exits 0 for it.
 */
export interface RecordedCheck {
  id: string;
  status: string;
  errorMessage?: string;
}

export type Outcome = 'passed' | 'failed' | 'not-exercised';

export interface Judgement {
  outcome: Outcome;
  detail: string;
}

/** Added by the suite to every run that saw wire traffic; it says nothing about whether the scenario's behaviour was tested. */
const genericChecks = new Set(['wire-schema-valid']);

export function judge(checks: RecordedCheck[], suiteExitCode: number | null): Judgement {
  const failing = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
  if (failing.length > 0) {
    return { outcome: 'failed', detail: failing.map((check) => `${check.id} (${check.status.toLowerCase()})`).join(', ') };
  }
  if (suiteExitCode !== 0) return { outcome: 'failed', detail: 'the client exited with an error or timed out' };
  const own = checks.filter((check) => !genericChecks.has(check.id));
  if (!own.some((check) => check.status === 'SUCCESS')) {
    const skipped = own.filter((check) => check.status === 'SKIPPED');
    const why = skipped.map((check) => check.errorMessage).find((message) => message !== undefined);
    return { outcome: 'not-exercised', detail: why ?? (own.length === 0 ? 'the scenario recorded no checks' : 'no check reached a verdict') };
  }
  return { outcome: 'passed', detail: '' };
}

export interface Verdict {
  key: string;
  outcome: Outcome;
  detail: string;
}

export interface Tally {
  passed: number;
  expectedFailures: number;
  notExercised: number;
  failed: number;
  /** expected-failures.json entries that pass now or name no run: the list must be kept true. */
  stale: number;
  lines: string[];
}

/** Counts verdicts against expected-failures.json (run key → reason); `complete` when every scenario ran, so unknown keys are stale. */
export function tally(verdicts: Verdict[], expected: Record<string, string>, complete: boolean): Tally {
  const result: Tally = { passed: 0, expectedFailures: 0, notExercised: 0, failed: 0, stale: 0, lines: [] };
  for (const verdict of verdicts) {
    const reason = expected[verdict.key];
    if (verdict.outcome === 'not-exercised') {
      result.notExercised++;
      result.lines.push(`SKIP  ${verdict.key}  not exercised: ${verdict.detail}`);
    } else if (verdict.outcome === 'passed') {
      result.passed++;
      if (reason === undefined) {
        result.lines.push(`PASS  ${verdict.key}`);
      } else {
        result.stale++;
        result.lines.push(`PASS  ${verdict.key}  (listed as an expected failure, "${reason}": it passes now, remove it from expected-failures.json)`);
      }
    } else if (reason !== undefined) {
      result.expectedFailures++;
      result.lines.push(`XFAIL ${verdict.key}  (${reason})`);
    } else {
      result.failed++;
      result.lines.push(`FAIL  ${verdict.key}  ${verdict.detail}`);
    }
  }
  if (complete) {
    const known = new Set(verdicts.map((verdict) => verdict.key));
    for (const key of Object.keys(expected).filter((entry) => !known.has(entry))) {
      result.stale++;
      result.lines.push(`expected-failures.json names "${key}", which the suite no longer runs: remove it`);
    }
  }
  return result;
}

/** The closing lines; scripts/test.mjs adds up the `N passed` and `N failed` ones, the other two are for people. */
export function summary(counts: Tally): string[] {
  return [
    `conformance: ${counts.expectedFailures} expected failures`,
    `conformance: ${counts.notExercised} not exercised`,
    `conformance: ${counts.passed} passed`,
    `conformance: ${counts.failed} failed`,
  ];
}
