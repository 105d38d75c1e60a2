// A sample release and placement: the preview of a template before a channel has a build, and the
// tests' input. Values are plain and harmless; the markup in the changelog shows escaping at work.
import { createPublicUrls } from '../http/urls.ts';
import type { Release, ReleaseContext } from '../modules/releases/types.ts';
import { buildVariables, type TemplateVariables, type WebhookEvent } from './templates.ts';

export const SAMPLE_RELEASE: Release = {
  id: 42,
  channelId: 7,
  version: 12,
  releaseVersion: '2.4.0',
  buildVersion: '2401',
  releaseType: 'AdHoc',
  source: 'fastlane',
  branch: 'main',
  gitCommit: '0f3c2b1',
  ciUrl: 'https://ci.example.com/builds/981',
  name: 'Sample',
  bundleId: 'com.example.sample',
  platform: 'ios',
  deviceType: 'iphone',
  format: 'ipa',
  minOsVersion: '15.0',
  size: 31_457_280,
  checksum: 'sha256:0',
  fileName: 'Sample.ipa',
  fileKey: 'releases/42/Sample.ipa',
  iconKey: 'releases/42/icon.png',
  changelog: [
    { message: 'Faster *start-up* [beta]', author: 'Ada' },
    { message: 'Fix "login" <crash>' },
  ],
  customFields: null,
  metadata: {},
  uploaderId: 1,
  downloadCount: 0,
  installCount: 0,
  createdAt: '2026-11-26T04:00:00.000Z',
  updatedAt: '2026-11-26T04:00:00.000Z',
};

export const SAMPLE_CONTEXT: ReleaseContext = {
  app: { id: 3, name: 'Sample App' },
  scheme: { id: 5, name: 'Beta', newBuildCallout: true, retainedBuilds: 0 },
  channel: { id: 7, name: 'iOS', slug: 'k3x9q' },
};

export function sampleVariables(event: WebhookEvent = 'upload', base = 'https://tarmac.example.com'): TemplateVariables {
  return buildVariables({ event, release: SAMPLE_RELEASE, context: SAMPLE_CONTEXT, urls: createPublicUrls(base), uploader: 'ada' });
}
