import type { Manifest } from './kustomize';

/** The fields of the Kubernetes objects the tests read (a narrow view, not the full schemas). */

export interface Probe {
  httpGet?: { path: string; port: string | number };
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
  };
}

export interface Container {
  name: string;
  image: string;
  env?: EnvVar[];
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: {
    requests?: { cpu?: string; memory?: string };
    limits?: { cpu?: string; memory?: string };
  };
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    capabilities?: { drop?: string[] };
  };
}

export interface Deployment extends Manifest {
  spec: {
    replicas?: number;
    template: {
      metadata: { labels: Record<string, string> };
      spec: {
        securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
        containers: Container[];
      };
    };
  };
}

export interface Ingress extends Manifest {
  spec: {
    rules: {
      http: {
        paths: {
          path: string;
          pathType: string;
          backend: { service: { name: string; port: { name?: string } } };
        }[];
      };
    }[];
  };
}

export interface HorizontalPodAutoscaler extends Manifest {
  spec: {
    scaleTargetRef: { apiVersion: string; kind: string; name: string };
    minReplicas: number;
    maxReplicas: number;
    metrics: {
      type: string;
      resource?: { name: string; target: { type: string; averageUtilization?: number } };
    }[];
    behavior?: { scaleDown?: { stabilizationWindowSeconds?: number } };
  };
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values: string[] }[];
}

export interface Peer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}

export interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: { protocol?: string; port: string | number; endPort?: number }[];
}

export interface NetworkPolicy extends Manifest {
  spec: {
    podSelector: LabelSelector;
    policyTypes: ('Ingress' | 'Egress')[];
    ingress?: Rule[];
    egress?: Rule[];
  };
}

export function ofKind<T extends Manifest>(objects: Manifest[], kind: string): T[] {
  return objects.filter((object) => object.kind === kind) as T[];
}

/** Whether a selector picks pods labelled app.kubernetes.io/name=<app> (an empty one picks all). */
export function selectsApp(selector: LabelSelector, app: string): boolean {
  const byLabel = selector.matchLabels?.['app.kubernetes.io/name'];
  const byExpression = selector.matchExpressions?.find((e) => e.key === 'app.kubernetes.io/name');
  if (Object.keys(selector).length === 0) return true;
  if (byLabel !== undefined) return byLabel === app;
  if (byExpression?.operator === 'In') return byExpression.values.includes(app);
  throw new Error(`a selector the tests do not read: ${JSON.stringify(selector)}`);
}
