// @ts-check
// Tarmac's documentation site. Everything it needs is built from this folder: no analytics, no
// remote script, font or image; the search index is local (@easyops-cn/docusaurus-search-local,
// with Chinese word splitting) and the API pages are rendered at build time from Tarmac's own
// OpenAPI document (openapi/, written by `npm run docs:openapi` at the repository root).
// Versions follow the Zealot API level Tarmac serves: 6.1.0 (latest, /docs), Next (/docs/next),
// 5.3.7 (/docs/5.3) and 4.7.1 (/docs/4.7.1).
const { themes } = require('prism-react-renderer');

const REPOSITORY = 'https://github.com/tarmac-dev/tarmac';
const LEGACY_DOCS = `${REPOSITORY}/tree/main/docs`;

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Tarmac',
  tagline: 'Self-hosted beta app distribution for Android, iOS, HarmonyOS, macOS, Windows and Linux',
  favicon: 'img/favicon.svg',
  url: 'https://tarmac.example.com',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  markdown: { hooks: { onBrokenMarkdownLinks: 'warn' } },
  future: { faster: true, v4: { removeLegacyPostBuildHeadAttribute: true } },
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'zh-Hans'],
    localeConfigs: { en: { label: 'English' }, 'zh-Hans': { label: '简体中文' } },
  },
  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: {
          sidebarPath: require.resolve('./sidebars.js'),
          lastVersion: '6',
          versions: {
            current: { label: 'Next', path: 'next', banner: 'unreleased' },
            6: { label: '6.1.0' },
            5.3: { label: '5.3.7', banner: 'unmaintained' },
            '4.7.1': { label: '4.7.1', banner: 'unmaintained' },
          },
          editUrl: `${REPOSITORY}/edit/main/website/`,
        },
        blog: {
          blogSidebarTitle: 'Recent posts',
          showReadingTime: true,
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'throw',
        },
        theme: { customCss: require.resolve('./src/css/custom.css') },
        sitemap: { changefreq: 'weekly', priority: 0.5, ignorePatterns: ['/**/tags/**'] },
      }),
    ],
    [
      'redocusaurus',
      {
        specs: [
          { id: 'en', spec: 'openapi/openapi_v1_en.json', route: '/api/v1/en' },
          { id: 'zh-Hans', spec: 'openapi/openapi_v1_zh-Hans.json', route: '/api/v1/zh-Hans' },
        ],
        theme: { primaryColor: '#2563eb' },
      },
    ],
  ],
  themes: [
    [
      require.resolve('@easyops-cn/docusaurus-search-local'),
      { hashed: true, language: ['en', 'zh'], indexBlog: true, docsRouteBasePath: '/docs', blogRouteBasePath: '/blog', highlightSearchTermsOnTargetPage: true },
    ],
  ],
  themeConfig:
    /** @type {import('@docusaurus/preset-classic').ThemeConfig} */
    ({
      colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
      navbar: {
        title: 'Tarmac',
        logo: { alt: 'Tarmac logo', src: 'img/logo.svg', srcDark: 'img/logo-dark.svg' },
        items: [
          { type: 'doc', docId: 'self-hosted/index', position: 'left', label: 'Self Hosted' },
          { type: 'doc', docId: 'developer-guide/index', position: 'left', label: 'Developer Guide' },
          { type: 'doc', docId: 'user-guide/index', position: 'left', label: 'User Guide' },
          { type: 'doc', docId: 'user-guide/changelog', position: 'left', label: 'Changelog' },
          { type: 'doc', docId: 'developer-guide/api', position: 'left', label: 'API' },
          {
            type: 'docsVersionDropdown',
            position: 'right',
            dropdownActiveClassDisabled: true,
            dropdownItemsAfter: [
              { type: 'html', value: '<hr class="dropdown-separator">' },
              { href: LEGACY_DOCS, label: 'Legacy docs' },
            ],
          },
          { type: 'localeDropdown', position: 'right' },
          { type: 'search', position: 'right' },
        ],
      },
      footer: {
        style: 'dark',
        links: [
          {
            title: 'Community',
            items: [
              { label: 'Chat group', href: `${REPOSITORY}/discussions/categories/chat` },
              { label: 'GitHub Discussions', href: `${REPOSITORY}/discussions` },
            ],
          },
          {
            title: 'More',
            items: [
              { label: 'Demo', href: 'https://demo.tarmac.example.com' },
              { label: 'GitHub', href: REPOSITORY },
            ],
          },
        ],
        copyright: 'Copyright © 2018 - 2025 Tarmac.',
      },
      prism: {
        theme: themes.github,
        darkTheme: themes.dracula,
        additionalLanguages: ['kotlin', 'swift', 'groovy', 'ruby', 'nginx', 'toml', 'hcl', 'bash', 'json', 'yaml', 'ini'],
      },
    }),
};

module.exports = config;
