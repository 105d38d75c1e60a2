// The accessibility check of the browser tests: axe-core injected into a page (playwright-core,
// as in browser.ts) once the page has settled, answering the serious and critical violations
// with what a failure message needs to say what to fix: the rule, its impact and help, and each
// offending element's selector and HTML.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

export interface A11yViolation {
  /** The axe rule, e.g. `color-contrast`. */
  rule: string;
  impact: 'serious' | 'critical';
  help: string;
  helpUrl: string;
  /** The offending elements: CSS selector, HTML snippet and axe's summary of what is wrong. */
  nodes: { target: string; html: string; summary: string }[];
}

// The page's side runs as source text or with the few DOM types it uses declared here: this
// package's TypeScript has no DOM library.
type PageGlobals = { document: { getAnimations(): { playState: string }[] }; performance: { now(): number }; quietSince?: number };
/** How long nothing must move: Mantine starts a transition a frame or a timeout after it mounts. */
const QUIET_MS = 120;
const AXE_LOADED = "'axe' in window";
const RUN_AXE = "window.axe.run(document, { resultTypes: ['violations'] }).then((results) => results.violations)";

interface AxeResult {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** Waits until no CSS transition or animation has run for QUIET_MS (a menu fading in would fail contrast). */
export async function settled(page: Page): Promise<void> {
  // Functions, not source text: waitForFunction would evaluate text with eval, which the CSP forbids.
  await page.evaluate(() => {
    delete (globalThis as unknown as PageGlobals).quietSince;
  });
  await page.waitForFunction(
    (quietMs) => {
      const page = globalThis as unknown as PageGlobals;
      if (page.document.getAnimations().some((animation) => animation.playState === 'running')) {
        delete page.quietSince;
        return false;
      }
      page.quietSince ??= page.performance.now();
      return page.performance.now() - page.quietSince >= quietMs;
    },
    QUIET_MS,
    { polling: 'raf' },
  );
}

/** Runs axe on the page as it is now; answers the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<A11yViolation[]> {
  await settled(page);
  // Evaluated through the DevTools protocol rather than added as a <script>: every page keeps
  // its real Content-Security-Policy, which allows no inline script of ours.
  if (!(await page.evaluate<boolean>(AXE_LOADED))) await page.evaluate((axeSource ??= readFileSync(AXE_PATH, 'utf8')));
  const violations = await page.evaluate<AxeResult[]>(RUN_AXE);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact as 'serious' | 'critical',
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(' >> '),
        html: node.html.length > 300 ? `${node.html.slice(0, 300)}…` : node.html,
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
}

/** One line per offending element, prefixed with where it was seen: what a failing test prints. */
export function describeViolations(where: string, violations: A11yViolation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const rule = `${violation.rule} (${violation.impact}: ${violation.help})`;
      return `${where}: ${rule} at ${node.target}\n    ${node.html}\n    ${node.summary}`;
    }),
  );
}
