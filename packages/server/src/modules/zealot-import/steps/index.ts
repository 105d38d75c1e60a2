// The import's steps, in the order they run: a row's parents are imported before it (users and
// apps before collaborators, channels before releases), so a step finds them in the import map.
import type { ImportStep } from '../context.ts';
import { debugFilesStep } from './debug-files.ts';
import { releasesStep } from './releases.ts';

export const STEPS: readonly ImportStep[] = [releasesStep, debugFilesStep];
