// The Helm chart (deploy/helm/tarmac), rendered by the template subset in helpers/helm.ts and read
// as the Kubernetes objects it makes: with its defaults (one pod, SQLite on a volume), with three
// replicas on PostgreSQL and S3 (and autoscaling), and the configurations it refuses to render.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { committedSecret, configDefault, deployDir, readRepoFile, unknownVariables } from './helpers/deploy-files.ts';
import { renderChart } from './helpers/helm.ts';

const CHART = path.join(deployDir, 'helm/tarmac');
const PORT = Number(configDefault('PORT'));
const SHARED = {
  replicaCount: 3,
  postgresql: { enabled: true },
  storage: { type: 's3', s3: { bucket: 'tarmac-builds', region: 'eu-west-1', endpoint: 'https://s3.example.com', downloads: 'proxy' } },
  secrets: { secretKey: 'k'.repeat(40), databaseUrl: 'postgres://tarmac:pw@db:5432/tarmac', s3AccessKeyId: 'id', s3SecretAccessKey: 'secret' },
};

type Obj = Record<string, any>; // Kubernetes objects, read by path
const kinds = (documents: Obj[]) => documents.map((doc) => doc.kind as string).sort();
const only = (documents: Obj[], kind: string): Obj => {
  const found = documents.filter((doc) => doc.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
};

function container(documents: Obj[]): Obj {
  return only(documents, 'Deployment').spec.template.spec.containers[0] as Obj;
}
function env(documents: Obj[]): Record<string, string> {
  return Object.fromEntries((container(documents).env as { name: string; value: string }[]).map((entry) => [entry.name, entry.value]));
}

describe('the chart with its default values', () => {
  const { documents } = renderChart(CHART);

  it('makes a Deployment, its Service, a Secret and a kept PersistentVolumeClaim, and no autoscaler or ingress', () => {
    expect(kinds(documents)).toEqual(['Deployment', 'PersistentVolumeClaim', 'Secret', 'Service']);
    expect(only(documents, 'PersistentVolumeClaim').metadata.annotations).toEqual({ 'helm.sh/resource-policy': 'keep' });
  });

  it('runs one pod, replaced by stopping the old one first (one SQLite file, one volume)', () => {
    const deployment = only(documents, 'Deployment');
    expect(deployment.spec.replicas).toBe(1);
    expect(deployment.spec.strategy).toEqual({ type: 'Recreate' });
    expect(deployment.spec.selector.matchLabels).toEqual(deployment.spec.template.metadata.labels);
  });

  it('listens on config\'s port, probes /api/health, and sets resources', () => {
    const tarmac = container(documents);
    expect(tarmac.ports).toEqual([{ name: 'http', containerPort: PORT, protocol: 'TCP' }]);
    expect(env(documents).PORT).toBe(String(PORT));
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) expect(tarmac[probe].httpGet, probe).toEqual({ path: '/api/health', port: 'http' });
    expect(tarmac.resources).toEqual({ requests: { cpu: '100m', memory: '160Mi' }, limits: { memory: '512Mi' } });
    const service = only(documents, 'Service');
    expect(service.spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }]);
    expect(service.spec.selector).toEqual(only(documents, 'Deployment').spec.selector.matchLabels);
  });

  it('mounts the claim at TARMAC_DATA_DIR and runs as the image\'s user, not root', () => {
    const pod = only(documents, 'Deployment').spec.template.spec;
    const dataDir = env(documents).TARMAC_DATA_DIR;
    expect(container(documents).volumeMounts).toContainEqual({ name: 'data', mountPath: dataDir });
    expect(pod.volumes).toContainEqual({ name: 'data', persistentVolumeClaim: { claimName: only(documents, 'PersistentVolumeClaim').metadata.name } });
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(container(documents).securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
  });

  it('names only documented variables, takes the secret ones from the Secret, and commits no secret value', () => {
    expect(unknownVariables(Object.keys(env(documents)))).toEqual([]);
    expect(container(documents).envFrom).toEqual([{ secretRef: { name: only(documents, 'Secret').metadata.name } }]);
    expect(only(documents, 'Secret').stringData).toBeNull();
    const values = parse(readRepoFile('deploy/helm/tarmac/values.yaml')) as { secrets: Record<string, string> };
    expect(Object.values(values.secrets).every((value) => value === '')).toBe(true);
  });
});

describe('the chart with three replicas on PostgreSQL and S3', () => {
  const { documents } = renderChart(CHART, SHARED);

  it('runs three pods rolled one after another, with S3 settings and no volume claim', () => {
    expect(kinds(documents)).toEqual(['Deployment', 'Secret', 'Service']);
    const deployment = only(documents, 'Deployment');
    expect(deployment.spec.replicas).toBe(3);
    expect(deployment.spec.strategy).toEqual({ type: 'RollingUpdate' });
    expect(env(documents)).toMatchObject({
      TARMAC_STORAGE: 's3',
      TARMAC_S3_BUCKET: 'tarmac-builds',
      TARMAC_S3_REGION: 'eu-west-1',
      TARMAC_S3_ENDPOINT: 'https://s3.example.com',
      TARMAC_S3_FORCE_PATH_STYLE: 'false',
      TARMAC_S3_DOWNLOADS: 'proxy',
    });
    expect(deployment.spec.template.spec.volumes).toContainEqual({ name: 'data', emptyDir: {} });
  });

  it('puts the PostgreSQL URL, the shared secret key and the S3 keys in the Secret, under documented names', () => {
    const secret = only(documents, 'Secret').stringData as Record<string, string>;
    expect(secret).toEqual({
      TARMAC_SECRET_KEY: SHARED.secrets.secretKey,
      DATABASE_URL: SHARED.secrets.databaseUrl,
      TARMAC_S3_ACCESS_KEY_ID: 'id',
      TARMAC_S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(unknownVariables([...Object.keys(secret), ...Object.keys(env(documents))])).toEqual([]);
  });

  it('with autoscaling, hands the replica count to a HorizontalPodAutoscaler', () => {
    const scaled = renderChart(CHART, { ...SHARED, autoscaling: { enabled: true, minReplicas: 3, maxReplicas: 8 } }).documents;
    expect(only(scaled, 'Deployment').spec.replicas).toBeUndefined();
    const hpa = only(scaled, 'HorizontalPodAutoscaler');
    expect(hpa.spec).toMatchObject({ minReplicas: 3, maxReplicas: 8, scaleTargetRef: { kind: 'Deployment', name: only(scaled, 'Deployment').metadata.name } });
    expect(hpa.spec.metrics[0].resource).toEqual({ name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } });
  });

  it('uses a Secret the operator manages when one is named, and makes none', () => {
    const external = renderChart(CHART, { ...SHARED, secrets: { existingSecret: 'tarmac-prod' } }).documents;
    expect(kinds(external)).toEqual(['Deployment', 'Service']);
    expect(container(external).envFrom).toEqual([{ secretRef: { name: 'tarmac-prod' } }]);
  });
});

describe('the chart refuses what cannot work, saying what to change', () => {
  it.each([
    ['three replicas on SQLite', { replicaCount: 3 }, /needs PostgreSQL and S3/],
    ['three replicas on PostgreSQL with local files', { ...SHARED, storage: { type: 'local' } }, /needs PostgreSQL and S3/],
    ['autoscaling on SQLite', { autoscaling: { enabled: true } }, /needs PostgreSQL and S3/],
    ['three replicas without one secret key', { ...SHARED, secrets: { ...SHARED.secrets, secretKey: '' } }, /needs one TARMAC_SECRET_KEY/],
    ['PostgreSQL without its URL', { postgresql: { enabled: true } }, /postgresql.enabled needs secrets.databaseUrl/],
    ['S3 without a bucket', { storage: { type: 's3' } }, /storage.type=s3 needs storage.s3.bucket/],
    ['an unknown storage type', { storage: { type: 'nfs' } }, /storage.type must be local or s3/],
  ])('%s', (_, values, message) => {
    expect(() => renderChart(CHART, values)).toThrow(message);
  });
});

describe('the chart\'s ingress', () => {
  it('routes the host to the Service\'s http port, with TLS and the upload size and timeouts for large builds', () => {
    const { documents } = renderChart(CHART, {
      url: 'https://tarmac.example.com',
      ingress: { enabled: true, className: 'nginx', host: 'tarmac.example.com', tls: [{ secretName: 'tarmac-tls', hosts: ['tarmac.example.com'] }] },
    });
    const ingress = only(documents, 'Ingress');
    expect(ingress.spec.ingressClassName).toBe('nginx');
    expect(ingress.spec.tls).toEqual([{ secretName: 'tarmac-tls', hosts: ['tarmac.example.com'] }]);
    expect(ingress.spec.rules[0].host).toBe('tarmac.example.com');
    expect(ingress.spec.rules[0].http.paths[0].backend.service).toEqual({ name: only(documents, 'Service').metadata.name, port: { name: 'http' } });
    expect(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('2g');
    expect(env(documents)).toMatchObject({ TARMAC_URL: 'https://tarmac.example.com', TARMAC_TRUST_PROXY: '1' });
  });

  it('names the release\'s objects after it, and the image after the chart\'s version unless a tag is given', () => {
    expect(only(renderChart(CHART, {}, 'beta').documents, 'Deployment').metadata.name).toBe('beta-tarmac');
    expect(container(renderChart(CHART).documents).image).toBe('tarmac:6.1.0');
    const tagged = renderChart(CHART, { image: { repository: 'registry.example.com/tarmac', tag: 'abc' } }).documents;
    expect(container(tagged).image).toBe('registry.example.com/tarmac:abc');
  });

  it('keeps secrets out of the plain environment whatever the values', () => {
    const plain = env(renderChart(CHART, SHARED).documents);
    for (const [name, value] of Object.entries(plain)) expect(committedSecret(name, value), name).toBe(false);
  });
});

describe("the chart's notes (what `helm install` prints)", () => {
  it('say how to reach Tarmac and where the generated password is, in proportion to what was set', () => {
    const { notes } = renderChart(CHART);
    expect(notes).toContain('kubectl port-forward svc/tarmac 3000:80');
    expect(notes).toContain('kubectl logs deploy/tarmac | grep "generated password"');
    expect(notes).toContain('Set url (TARMAC_URL)');
    const set = renderChart(CHART, { url: 'https://t.example.com', ingress: { enabled: true, host: 't.example.com' }, secrets: { adminPassword: 'x' } }).notes;
    expect(set).toContain('Open https://t.example.com and sign in as admin.');
    expect(set).not.toMatch(/port-forward|generated password|Set url/);
  });
});
