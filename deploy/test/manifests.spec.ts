import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type {
  Deployment,
  HorizontalPodAutoscaler,
  Ingress,
  NetworkPolicy,
  Peer,
  Rule,
} from './k8s';
import { ofKind, selectsApp } from './k8s';
import type { Manifest } from './kustomize';
import { containersOf, kustomize, readManifests, splitImage } from './kustomize';
import type { App } from './platform';
import {
  APPS,
  CALLS,
  NON_PUBLIC_RANGES,
  PRIVATE_PATHS,
  PUBLIC_PATHS,
  SEALING_KEYS,
  callersOf,
} from './platform';

const DEPLOY = join(__dirname, '..');
const OVERLAYS = ['dev', 'prod'];
const rendered = Object.fromEntries(
  OVERLAYS.map((overlay) => [overlay, kustomize(join(DEPLOY, 'overlays', overlay))]),
);
const PORTS = { http: 3000, metrics: 9464 } as const;

describe.each(OVERLAYS)('The %s overlay', (overlay) => {
  const objects = rendered[overlay];
  const deployments = ofKind<Deployment>(objects, 'Deployment');

  it('runs every app, each under its own name, in the payments-platform namespace', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...APPS].sort());
    const namespaced = objects.filter((o) => o.kind !== 'Namespace');
    expect(namespaced.filter((o) => o.metadata.namespace !== 'payments-platform')).toEqual([]);
    const keys = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has every app listen on all of its pod’s interfaces (the services’ own default is 127.0.0.1)', () => {
    for (const deployment of deployments)
      for (const container of deployment.spec!.template.spec!.containers)
        expect([
          deployment.metadata.name,
          container.env?.find((e) => e.name === 'LISTEN_HOST')?.value,
        ]).toEqual([deployment.metadata.name, '0.0.0.0']);
  });

  it('runs only images pinned to a release', () => {
    expect(unpinnedImages(objects)).toEqual([]);
  });

  it('routes every public path to the gateway, and no private one', () => {
    const [ingress, ...others] = ofKind<Ingress>(objects, 'Ingress');
    expect(others).toEqual([]);
    const paths = ingress.spec.rules.flatMap((rule) => rule.http.paths);
    expect(paths.map((p) => p.path).sort()).toEqual([...PUBLIC_PATHS].sort());
    for (const { path, pathType, backend } of paths) {
      expect({ path, pathType, service: backend.service }).toEqual({
        path,
        pathType: 'Prefix',
        service: { name: 'gateway', port: { name: 'http' } },
      });
    }
    const routesPrivate = (p: string) =>
      paths.some(({ path }) => p === path || p.startsWith(`${path}/`));
    expect(PRIVATE_PATHS.filter(routesPrivate)).toEqual([]);
  });

  it.each(APPS)('runs %s with its ports, probes, resources and no privileges', (app) => {
    const deployment = deployments.find((d) => d.metadata.name === app)!;
    const pod = deployment.spec.template.spec;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(pod.containers).toHaveLength(1);
    const [container] = pod.containers;
    expect(container.ports).toEqual([
      { name: 'http', containerPort: PORTS.http },
      { name: 'metrics', containerPort: PORTS.metrics },
    ]);
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port: 'http' });
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/health/live', port: 'http' });
    expect(container.resources).toEqual({
      requests: { cpu: expect.any(String), memory: expect.any(String) },
      limits: { cpu: expect.any(String), memory: expect.any(String) },
    });
    expect(container.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
  });

  it.each(Object.entries(SEALING_KEYS))(
    'gives %s, from the platform Secret, to %s alone',
    (name, app) => {
      const holders = deployments.flatMap((deployment) =>
        deployment.spec.template.spec.containers.flatMap((container) =>
          (container.env ?? [])
            .filter((variable) => variable.name === name)
            .map((variable) => ({ app: deployment.metadata.name, valueFrom: variable.valueFrom })),
        ),
      );
      expect(holders).toEqual([
        { app, valueFrom: { secretKeyRef: { name: 'platform-secrets', key: name } } },
      ]);
    },
  );

  describe('network policies', () => {
    const policies = ofKind<NetworkPolicy>(objects, 'NetworkPolicy');

    it('deny all traffic in and out that no policy allows', () => {
      const defaultDeny = policies.filter(
        ({ spec }) =>
          Object.keys(spec.podSelector).length === 0 &&
          spec.ingress === undefined &&
          spec.egress === undefined,
      );
      expect(defaultDeny.flatMap(({ spec }) => spec.policyTypes).sort()).toEqual([
        'Egress',
        'Ingress',
      ]);
    });

    it('let the ingress controller reach the gateway and each service only its callers', () => {
      const sources = Object.fromEntries(
        APPS.map((app) => [app, ingressSources(policies, app, 'http')]),
      );
      expect(sources).toEqual({
        gateway: ['namespace ingress-nginx'],
        billing: sorted(callersOf('billing')),
        payments: sorted(callersOf('payments')),
        settlements: sorted(callersOf('settlements')),
        webhooks: sorted(callersOf('webhooks')),
      });
    });

    it('let only the monitoring namespace read the metrics port', () => {
      for (const app of APPS)
        expect(ingressSources(policies, app, 'metrics')).toEqual(['namespace monitoring']);
    });

    it('let each app call only the apps it calls', () => {
      const calls = Object.fromEntries(
        APPS.map((app) => [
          app,
          sorted(egressRules(policies, app).flatMap((rule) => appPeers(rule.to))),
        ]),
      );
      expect(calls).toEqual(Object.fromEntries(APPS.map((app) => [app, sorted(CALLS[app])])));
    });

    it('let webhooks reach the internet on HTTPS and SMTP but no private, link-local or loopback range', () => {
      const internet = (app: App) =>
        egressRules(policies, app).filter((rule) =>
          rule.to?.some((peer) => peer.ipBlock?.cidr === '0.0.0.0/0'),
        );
      expect(APPS.filter((app) => internet(app).length > 0)).toEqual(['webhooks']);
      for (const rule of internet('webhooks')) {
        for (const peer of rule.to!)
          expect(peer.ipBlock?.except).toEqual(expect.arrayContaining(NON_PUBLIC_RANGES));
        expect(rule.ports?.map((p) => p.port).sort()).toEqual([443, 465, 587]);
      }
    });
  });
});

describe('The dev overlay', () => {
  const objects = rendered['dev'];

  it('runs one replica of each app, without autoscalers or disruption budgets', () => {
    expect(ofKind<Deployment>(objects, 'Deployment').map((d) => d.spec.replicas)).toEqual(
      APPS.map(() => 1),
    );
    expect(
      objects.filter((o) => ['HorizontalPodAutoscaler', 'PodDisruptionBudget'].includes(o.kind)),
    ).toEqual([]);
  });

  it('logs at debug level and lets Kafka create topics on first use', () => {
    expect(configOf(objects)).toMatchObject({
      LOG_LEVEL: 'debug',
      KAFKA_AUTO_CREATE_TOPICS: 'true',
    });
  });
});

describe('The prod overlay', () => {
  const objects = rendered['prod'];
  const deployments = ofKind<Deployment>(objects, 'Deployment');

  it('scales every app on CPU with an autoscaler: at least 2 replicas, and slowly down', () => {
    const autoscalers = ofKind<HorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler');
    expect(autoscalers.map((a) => a.apiVersion)).toEqual(APPS.map(() => 'autoscaling/v2'));
    expect(autoscalers.map((a) => a.spec.scaleTargetRef).sort(byName)).toEqual(
      deployments
        .map(({ metadata }) => ({ apiVersion: 'apps/v1', kind: 'Deployment', name: metadata.name }))
        .sort(byName),
    );
    for (const { spec } of autoscalers) {
      expect(spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(spec.maxReplicas).toBeGreaterThan(spec.minReplicas);
      expect(spec.metrics).toEqual([
        {
          type: 'Resource',
          resource: {
            name: 'cpu',
            target: { type: 'Utilization', averageUtilization: expect.any(Number) },
          },
        },
      ]);
      expect(spec.behavior?.scaleDown?.stabilizationWindowSeconds).toBeGreaterThanOrEqual(60);
    }
  });

  it('leaves the replica count to the autoscalers', () => {
    expect(deployments.filter((d) => d.spec.replicas !== undefined)).toEqual([]);
  });

  it('keeps a pod of each app through voluntary disruptions', () => {
    const budgets = objects.filter((o) => o.kind === 'PodDisruptionBudget') as (Manifest & {
      spec: { minAvailable: number; selector: { matchLabels: Record<string, string> } };
    })[];
    expect(
      budgets.map((b) => [
        b.spec.minAvailable,
        b.spec.selector.matchLabels['app.kubernetes.io/name'],
      ]),
    ).toEqual(APPS.map((app) => [1, app]));
  });

  it('runs the images of a registry, and needs topics provisioned', () => {
    const images = deployments.flatMap(containersOf).map((c) => c.image);
    expect(images).toEqual(
      APPS.map((app) => `registry.example.com/payments-platform/${app}:0.1.0`),
    );
    expect(configOf(objects)).toMatchObject({
      LOG_LEVEL: 'info',
      KAFKA_AUTO_CREATE_TOPICS: 'false',
    });
  });
});

describe('Every manifest file under deploy/, and docker-compose.yml', () => {
  it.each(Object.entries(SEALING_KEYS))(
    'has %s in the example Secret, and docker-compose.yml requires it of %s alone',
    (name, app) => {
      const [secret] = readManifests(join(DEPLOY, 'secret.example.yaml'));
      expect((secret['stringData'] as Record<string, string>)[name]).toBe('CHANGE_ME');
      const compose = parse(readFileSync(join(DEPLOY, '..', 'docker-compose.yml'), 'utf8')) as {
        services: Record<string, { environment?: Record<string, string> }>;
      };
      const holders = Object.entries(compose.services).filter(
        ([, service]) => service.environment?.[name] !== undefined,
      );
      expect(holders.map(([service]) => service)).toEqual([app]);
      expect(holders[0][1].environment?.[name]).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    },
  );

  it('has the image and docker-compose.yml listen on all interfaces', () => {
    expect(readFileSync(join(DEPLOY, '..', 'Dockerfile'), 'utf8')).toMatch(
      /^ENV LISTEN_HOST=0\.0\.0\.0$/m,
    );
    const compose = parse(readFileSync(join(DEPLOY, '..', 'docker-compose.yml'), 'utf8')) as {
      'x-service-env': Record<string, string>;
    };
    expect(compose['x-service-env']['LISTEN_HOST']).toBe('0.0.0.0');
  });

  it('names images pinned to a release', () => {
    const files = yamlFiles(DEPLOY).filter((file) => !file.endsWith('kustomization.yaml'));
    expect(files.length).toBeGreaterThan(5);
    expect(unpinnedImages(files.flatMap(readManifests))).toEqual([]);

    const compose = parse(readFileSync(join(DEPLOY, '..', 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { image: string }>;
    };
    const composeImages = Object.values(compose.services).map((service) => service.image);
    expect(composeImages).toContain('payments-platform/gateway:0.1.0');
    expect(
      composeImages.filter((image) => [undefined, 'latest'].includes(splitImage(image)[1])),
    ).toEqual([]);
  });
});

function unpinnedImages(objects: Manifest[]): string[] {
  return objects
    .flatMap(containersOf)
    .map((container) => container.image)
    .filter((image) => {
      const [, tag] = splitImage(image);
      return tag === undefined || tag === 'latest';
    });
}

function configOf(objects: Manifest[]): Record<string, string> {
  const config = objects.find(
    (o) => o.kind === 'ConfigMap' && o.metadata.name === 'platform-config',
  );
  return config!['data'] as Record<string, string>;
}

/** Who may open connections to `app` on the named port: app names, or "namespace <name>". */
function ingressSources(policies: NetworkPolicy[], app: App, port: keyof typeof PORTS): string[] {
  const rules = policies
    .filter(({ spec }) => spec.policyTypes.includes('Ingress') && selectsApp(spec.podSelector, app))
    .flatMap(({ spec }) => spec.ingress ?? [])
    .filter(
      (rule) => !rule.ports || rule.ports.some((p) => p.port === port || p.port === PORTS[port]),
    );
  return sorted(rules.flatMap((rule) => (rule.from ?? [{}]).flatMap(describePeer)));
}

function describePeer(peer: Peer): string[] {
  if (peer.ipBlock) return [`ipBlock ${peer.ipBlock.cidr}`];
  if (peer.namespaceSelector)
    return [
      `namespace ${peer.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name'] ?? 'any'}`,
    ];
  if (peer.podSelector) return APPS.filter((app) => selectsApp(peer.podSelector!, app));
  return ['anyone'];
}

function egressRules(policies: NetworkPolicy[], app: App): Rule[] {
  return policies
    .filter(({ spec }) => spec.policyTypes.includes('Egress') && selectsApp(spec.podSelector, app))
    .flatMap(({ spec }) => spec.egress ?? []);
}

/** The apps of this namespace among the peers (pod selectors without a namespace selector). */
function appPeers(peers: Peer[] = []): App[] {
  return peers
    .filter((peer) => peer.podSelector && !peer.namespaceSelector && !peer.ipBlock)
    .flatMap((peer) => APPS.filter((app) => selectsApp(peer.podSelector!, app)));
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

function sorted<T>(values: T[]): T[] {
  return [...values].sort();
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name.localeCompare(b.name);
}
