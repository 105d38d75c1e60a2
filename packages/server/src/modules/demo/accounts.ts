// The demo accounts (modules/demo/reset.ts seeds them), shared with GET /api/demo without loading the reset code.
export const DEMO_ACCOUNTS = [
  { username: 'demo-admin', role: 'admin', locale: 'en' },
  { username: 'demo-admin-zh', role: 'admin', locale: 'zh-CN' },
  { username: 'demo-member', role: 'member', locale: 'en' },
] as const;

export const DEMO_ACCOUNT_NAMES = DEMO_ACCOUNTS.map((account) => account.username);
