// @ts-check
// The three sidebars of the current docs (/docs/next): the navbar's Self Hosted, Developer Guide and
// User Guide (Changelog and API are docs of the last two). Categories with a generated index make
// the /docs/next/category/<slug> pages; their slugs come from the English labels, so a label here
// is also a URL: rename with care. The released versions have their own copies in
// versioned_sidebars/.

/** @param {string} label @param {string[]} items @param {boolean} [collapsible] */
const generated = (label, items, collapsible = false) => ({
  type: 'category', label, collapsible, collapsed: false, link: { type: 'generated-index' }, items,
});

/** @type {import('@docusaurus/plugin-content-docs').SidebarsConfig} */
const sidebars = {
  selfHosted: [
    { type: 'doc', id: 'self-hosted/index', label: 'Getting Started' },
    generated('Deployment', [
      'self-hosted/deployment/architecture',
      'self-hosted/deployment/requirements',
      {
        type: 'category', label: 'Docker', collapsible: true, collapsed: false,
        link: { type: 'doc', id: 'self-hosted/deployment/docker' }, items: ['self-hosted/deployment/docker/step-by-step'],
      },
      'self-hosted/deployment/kubernetes',
      'self-hosted/deployment/nomad',
    ]),
    'self-hosted/reverse-proxies',
    generated('Cloud Provider Guides', ['self-hosted/deployment/fly', 'self-hosted/deployment/railway', 'self-hosted/deployment/render']),
    generated('Configuration', [
      'self-hosted/configuration/environment-variables',
      'self-hosted/configuration/third-party-authentication',
      'self-hosted/configuration/schedule-jobs',
    ]),
    'self-hosted/storage',
  ],
  developerGuide: [
    { type: 'doc', id: 'developer-guide/index', label: 'Getting Started' },
    generated('SDKs', ['developer-guide/sdk/ios', 'developer-guide/sdk/android']),
    {
      type: 'category', label: 'fastlane plugins', collapsible: false, link: { type: 'doc', id: 'developer-guide/fastlane' },
      items: [
        'developer-guide/fastlane/zealot',
        'developer-guide/fastlane/zealot_version_check',
        'developer-guide/fastlane/zealot_debug_file',
        'developer-guide/fastlane/zealot_sync_devices',
      ],
    },
    'developer-guide/api',
    {
      type: 'category', label: 'Contributing', collapsible: true, link: { type: 'doc', id: 'developer-guide/contributing' },
      items: [generated('Local Development', ['developer-guide/local-development/devcontainer', 'developer-guide/local-development/source-code'])],
    },
  ],
  userGuide: [
    { type: 'doc', id: 'user-guide/index', label: 'Getting Started' },
    'user-guide/dashboard',
    generated('Apps', ['user-guide/apps/create', 'user-guide/apps/index', 'user-guide/apps/detail', 'user-guide/apps/upload', 'user-guide/apps/archive'], true),
    generated('Debug Files', ['user-guide/debug-files/index', 'user-guide/debug-files/review', 'user-guide/debug-files/upload'], true),
    {
      type: 'category', label: 'Webhooks', collapsible: true, link: { type: 'doc', id: 'user-guide/webhooks/index' },
      items: [
        'user-guide/webhooks/slack',
        'user-guide/webhooks/discord',
        'user-guide/webhooks/feishu',
        'user-guide/webhooks/dingtalk',
        'user-guide/webhooks/wecom',
      ],
    },
    'user-guide/user_settings',
    generated('Toolkits', ['user-guide/toolkits/teardown', 'user-guide/toolkits/fetch-udid']),
    generated('Administrator', [
      'user-guide/administrator/users',
      'user-guide/administrator/apple-team',
      'user-guide/administrator/permissions',
      'user-guide/administrator/backup',
      'user-guide/administrator/settings',
      generated('Monitoring', [
        'user-guide/administrator/monitoring/system-info',
        'user-guide/administrator/monitoring/logging',
        'user-guide/administrator/monitoring/background-jobs',
        'user-guide/administrator/monitoring/database-analytics',
      ], true),
    ]),
    { type: 'html', value: '<hr class="sidebar-separator">' },
    'user-guide/best_practices',
    'user-guide/changelog',
    'user-guide/qa',
    'user-guide/credits',
  ],
};

module.exports = sidebars;
