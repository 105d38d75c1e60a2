// The home page: what Tarmac is, Get Started and View on GitHub, a preview of the dashboard in the
// reader's theme and language (screenshots the repository's `npm run docs:screenshots` makes from the
// real web app), three counters and six features. Every sentence is translatable
// (i18n/zh-Hans/code.json, ids homepage.*).
import Link from '@docusaurus/Link';
import Translate, { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import ThemedImage from '@theme/ThemedImage';
import useBaseUrl from '@docusaurus/useBaseUrl';
import styles from './index.module.css';

const REPOSITORY = 'https://github.com/tarmac-dev/tarmac';

const FEATURES = [
  {
    key: 'deployment',
    icon: '🚀',
    title: translate({ id: 'homepage.feature.deployment.title', message: 'One command to run' }),
    description: translate({
      id: 'homepage.feature.deployment.description',
      message: 'One Node process with SQLite inside: start it with Docker, Kubernetes or from source, and move to PostgreSQL and S3 when you grow.',
    }),
  },
  {
    key: 'multiPlatform',
    icon: '📱',
    title: translate({ id: 'homepage.feature.multiPlatform.title', message: 'Every platform you ship' }),
    description: translate({
      id: 'homepage.feature.multiPlatform.description',
      message: 'Android, iOS, HarmonyOS, macOS, Windows and Linux builds are read, filed under app, scheme and channel, and installed from a page with a QR code.',
    }),
  },
  {
    key: 'cicd',
    icon: '🔁',
    title: translate({ id: 'homepage.feature.cicd.title', message: 'Made for CI' }),
    description: translate({
      id: 'homepage.feature.cicd.description',
      message: 'Upload from fastlane, curl or any CI with a channel key; Zealot\'s fastlane plugin and SDKs keep working unchanged.',
    }),
  },
  {
    key: 'teamManagement',
    icon: '👥',
    title: translate({ id: 'homepage.feature.teamManagement.title', message: 'Teams and roles' }),
    description: translate({
      id: 'homepage.feature.teamManagement.description',
      message: 'Invite people, give each app its own collaborators, sign in with LDAP or OpenID Connect, and read the audit log of who did what.',
    }),
  },
  {
    key: 'developerFriendly',
    icon: '🧰',
    title: translate({ id: 'homepage.feature.developerFriendly.title', message: 'Developer friendly' }),
    description: translate({
      id: 'homepage.feature.developerFriendly.description',
      message: 'A documented REST API, in-app update checks, dSYM and Proguard files kept beside their builds, and webhooks to your team chat.',
    }),
  },
  {
    key: 'security',
    icon: '🔒',
    title: translate({ id: 'homepage.feature.security.title', message: 'Yours, and private' }),
    description: translate({
      id: 'homepage.feature.security.description',
      message: 'Your builds stay on your servers: channel passwords, signed links, backups that restore, and nothing sent anywhere else.',
    }),
  },
];

function Showcase() {
  const { i18n } = useDocusaurusContext();
  const folder = i18n.currentLocale === i18n.defaultLocale ? 'img' : `img/${i18n.currentLocale}`;
  return (
    <ThemedImage
      className={styles.showcase}
      alt={translate({ id: 'homepage.showcase.dashboardAlt', message: "Tarmac's dashboard" })}
      sources={{ light: useBaseUrl(`/${folder}/showcase-light.png`), dark: useBaseUrl(`/${folder}/showcase-dark.png`) }}
    />
  );
}

function Counter({ value, label }) {
  return (
    <div className={styles.counter}>
      <strong>{value}</strong>
      <span>{label}</span>
    </div>
  );
}

function Header() {
  return (
    <header className={styles.hero}>
      <div className={styles.heroText}>
        <h1><Translate id="homepage.header.title">Tarmac</Translate></h1>
        <p className={styles.subtitle}>
          <Translate id="homepage.header.subtitle">
            Self-hosted beta app distribution: upload a build, and testers install it from a page, a QR code or an update check in the app.
          </Translate>
        </p>
        <div className={styles.buttons}>
          <Link className="button button--primary button--lg" to="/docs/user-guide/">
            <Translate id="homepage.button.getStarted">Get Started</Translate>
          </Link>
          <Link className="button button--outline button--secondary button--lg" href={REPOSITORY}>
            <Translate id="homepage.button.viewOnGitHub">View on GitHub</Translate>
          </Link>
        </div>
      </div>
      <div className={styles.heroVisual}>
        <Showcase />
        <div className={styles.counters}>
          <Counter value="6" label={translate({ id: 'homepage.showcase.platforms', message: 'Platforms' })} />
          <Counter value="∞" label={translate({ id: 'homepage.showcase.apps', message: 'Apps' })} />
          <Counter value="100%" label={translate({ id: 'homepage.showcase.openSource', message: 'Open Source' })} />
        </div>
      </div>
    </header>
  );
}

export default function Home() {
  return (
    <Layout
      title={translate({ id: 'homepage.seo.title', message: 'Self-hosted beta app distribution' })}
      description={translate({ id: 'homepage.seo.description', message: 'Tarmac distributes beta builds of every platform from your own server.' })}
    >
      <Header />
      <main className={styles.features}>
        {FEATURES.map((feature) => (
          <section key={feature.key} className={styles.feature}>
            <div className={styles.icon} aria-hidden="true">{feature.icon}</div>
            <h2>{feature.title}</h2>
            <p>{feature.description}</p>
          </section>
        ))}
      </main>
    </Layout>
  );
}
