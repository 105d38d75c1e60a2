// The colour of each job state, in the jobs table, the tabs' counts and a job's detail.
import type { JobState } from '../../api/jobs.ts';

export const STATE_COLORS: Record<JobState, string> = { queued: 'blue', running: 'cyan', scheduled: 'gray', failed: 'red', done: 'teal' };
