// allure's description of a report written outside any CI, without what allure reads from git. The
// bundled HTML writer (scripts/bundle-entry.mjs) takes it in place of @allurereport/ci's own, which
// runs `git` five times per report in the directory the CLI was started from and writes that
// directory's repository and branch into the report: a report is about the target, not about where
// the suite was run, and it may be read by people that directory's names are not for.
import { randomUUID } from 'node:crypto';

/** A run outside CI, named by no repository and no branch (allure's own when git gives nothing). */
export const local = {
  type: 'local',
  detected: true,
  repoName: '',
  jobUid: 'local',
  jobUrl: '',
  jobName: '',
  jobRunUid: randomUUID(),
  jobRunUrl: '',
  jobRunName: '',
  jobRunBranch: '',
  pullRequestUrl: '',
  pullRequestName: '',
};

export const isLocalCiDescriptor = (ci) => ci.type === 'local';
