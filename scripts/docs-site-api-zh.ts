// The Chinese API pages of the documentation site (i18n/zh-Hans/…/developer-guide/api.md and
// api/*.md): the same tables as the English ones (docs-site-api.ts), with the operations' Chinese
// summaries and tag names from website/openapi/zh-Hans.json, linking into the Chinese reference.
import type { Document, Translations } from './docs-site-api.ts';
import { operations, RESOURCES } from './docs-site-api.ts';

export const ZH_API_VERSIONS = ['website/i18n/zh-Hans/docusaurus-plugin-content-docs/current', 'website/i18n/zh-Hans/docusaurus-plugin-content-docs/version-6'];

const ZH_RESOURCES: Record<string, { title: string; intro: string }> = {
  apps: { title: '应用 API', intro: '应用，以及 Zealot 客户端上传和检查构建时调用的接口（版本）。' },
  channels: { title: '渠道 API', intro: '方案下的渠道：同一平台的构建上传到这里，带有渠道 Key、密码和包名规则。' },
  collaborators: { title: '协作者 API', intro: '谁参与某个应用，以及各自的角色。' },
  debug_files: { title: '调试文件 API', intro: 'dSYM 和 Proguard 文件：上传、列出、读取和删除。' },
  schemes: { title: '方案 API', intro: '应用的方案（Beta、Release……），每个方案包含若干渠道。' },
  users: { title: '用户 API', intro: '账号：你自己的，以及管理员可见的所有账号。' },
};

function anchor(translations: Translations, tag: string, id?: string): string {
  const name = (translations.tags[tag] ?? tag).replace(/ /g, '-');
  return `/api/v1/zh-Hans#tag/${encodeURIComponent(name)}${id ? `/operation/${id}` : ''}`;
}

function summaryOf(translations: Translations, id: string, english: string | undefined): string {
  const pair = translations.operations[id]?.summary;
  return (pair && pair.en === english && pair.zh ? pair.zh : (english ?? '')).replace(/\|/g, '\\|');
}

function table(document: Document, translations: Translations, tag: string): string[] {
  return [
    '| 接口 | 作用 |', '|---|---|',
    ...operations(document).filter((entry) => entry.operation.tags?.includes(tag)).map(({ method, path, operation }) =>
      `| [\`${method} ${path}\`](pathname://${anchor(translations, tag, operation.operationId)}) | ${summaryOf(translations, operation.operationId, operation.summary)} |`),
  ];
}

export function renderResourcePageZh(document: Document, translations: Translations, slug: string): string {
  const { title, intro } = ZH_RESOURCES[slug]!;
  return [
    '---', `title: ${JSON.stringify(title)}`, `description: ${JSON.stringify(intro)}`, 'format: md', '---', '',
    `# ${title}`, '', intro, '',
    ...table(document, translations, RESOURCES[slug]!.tag), '',
    ...(slug === 'apps' ? ['## 版本：Zealot 客户端调用的接口', '', ...table(document, translations, 'Versions'), ''] : []),
    '每个接口都链接到 [API 参考](pathname:///api/v1/zh-Hans)中的完整说明、参数和响应（[English](pathname:///api/v1/en)）。本页由该版本 Tarmac 的 OpenAPI 文档生成。', '',
  ].join('\n');
}

export function renderOverviewZh(document: Document, translations: Translations): string {
  const tags = [...new Set(operations(document).flatMap((entry) => entry.operation.tags ?? []))];
  const count = (tag: string) => operations(document).filter((entry) => entry.operation.tags?.includes(tag)).length;
  const page = (tag: string) => Object.entries(RESOURCES).find(([, resource]) => resource.tag === tag)?.[0];
  return [
    '---', 'title: API', `description: ${JSON.stringify('Tarmac 的 REST API：如何认证、错误和列表的格式，以及全部接口分组。')}`, 'format: md', '---', '',
    '# API', '',
    'Tarmac 在 `/api` 下提供一套 REST API，Web 应用、脚本和 CI，以及 Zealot 的客户端（fastlane 插件和 SDK）都使用它；',
    '对 Zealot 客户端的调用，Tarmac 按 Zealot 的方式应答。完整的参考由 Tarmac 在 `/api/openapi.json` 提供的 OpenAPI 文档生成：',
    '[API 参考（中文）](pathname:///api/v1/zh-Hans)和 [API reference (English)](pathname:///api/v1/en)。', '',
    '## 认证', '',
    '在**设置 → API 令牌**中创建个人访问令牌，然后以 `Authorization: Bearer <token>` 发送，或像 Zealot 客户端那样作为',
    '`token` 查询参数或表单字段发送。版本检查接口（`/api/apps/latest` ……）不需要令牌：渠道 Key 就是它们的凭据。', '',
    '```bash', 'curl -H "Authorization: Bearer $TARMAC_TOKEN" https://tarmac.example.com/api/apps', '```', '',
    '## 响应', '',
    '- 错误是 JSON：`{"error": "…", "code": "…"}`；422 还带有 `details`，列出每个字段的问题。',
    '- 列表是 JSON 数组；总数在 `X-Total-Count` 响应头中，上一页和下一页在 `Link` 中。`page` 和 `per_page` 选择页码',
    '  （不带 `per_page` 时使用站点的每页条数）。', '',
    '## 接口分组', '',
    '| 分组 | 接口数 | 页面 |', '|---|---|---|',
    ...tags.map((tag) => {
      const slug = page(tag);
      return `| [${translations.tags[tag] ?? tag}](pathname://${anchor(translations, tag)}) | ${count(tag)} | ${slug ? `[${ZH_RESOURCES[slug]!.title}](./api/${slug}.md)` : ''} |`;
    }),
    '',
  ].join('\n');
}
