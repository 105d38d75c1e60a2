// The import's steps, in the order they run: a row's parents are imported before it (users and
// apps before collaborators, channels before releases), so a step finds them in the import map.
//
// Merging into a Tarmac in use (each decision is in the report, with the row's Zealot id):
// - A user whose email (any case) is a Tarmac user's is merged into that account: nothing of it is
//   changed (password, role, preferences stay; a Tarmac admin made at setup stays admin); their
//   Zealot API token is added to it unless Tarmac already stores that token's hash.
// - A username another Tarmac user has (any case) is imported as `<name>-zealot`, then
//   `<name>-zealot2`, `-zealot3`…
// - A channel whose key Tarmac already has is refused: old SDKs and uploads with that key keep
//   reaching the Tarmac channel that has it. Its releases are then refused as "parent refused".
// - A channel whose slug Tarmac already has (any case) gets a fresh random slug, reported old → new:
//   Zealot links and QR codes with the old slug no longer reach it.
// - Zealot's ids are kept where Tarmac has no row with them (keptId); else the row gets a new id above
//   both Tarmac's and Zealot's highest (so no later Zealot row loses its own), and the import map sends
//   old links there.
// - A Tarmac device with the same UDID is kept as it is (merged); a Tarmac setting already set keeps
//   its value. Apps, schemes and web hooks are always added (nothing identifies them across the two).
// - Zealot's sign-ins through LDAP, OpenID Connect or a preset become linked identities of Tarmac's provider of the same kind
//   (identities.ts); without such a provider they are refused until a later run finds one.
// - Tables Tarmac has no place for (Apple keys, backup schedules) are reported skipped, row by row.
// - A row Tarmac cannot hold (a bad email, an unknown device type, a name too long) is refused with the
//   reason, and the rows that belong to it are refused as "parent refused".
// Every row is written with its import-map entry in one transaction: a second run reports each row
// 'already' and writes nothing; an interrupted run resumes after the last row it finished.
import type { ImportStep } from '../context.ts';
import { appsStep, collaboratorsStep, schemesStep } from './apps.ts';
import { channelsStep } from './channels.ts';
import { debugFilesStep } from './debug-files.ts';
import { devicesStep } from './devices.ts';
import { hooksStep } from './hooks.ts';
import { identitiesStep } from './identities.ts';
import { releasesStep } from './releases.ts';
import { settingsStep } from './settings.ts';
import { skippedStep } from './skipped.ts';
import { usersStep } from './users.ts';

export const STEPS: readonly ImportStep[] = [
  usersStep,
  identitiesStep,
  appsStep,
  collaboratorsStep,
  schemesStep,
  channelsStep,
  devicesStep,
  releasesStep,
  debugFilesStep,
  hooksStep,
  settingsStep,
  skippedStep,
];
