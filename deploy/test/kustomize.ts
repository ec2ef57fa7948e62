import { readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/** A Kubernetes object as read from YAML: the tests look into it through the types of k8s.ts. */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

interface Kustomization {
  namespace?: string;
  labels?: { pairs: Record<string, string> }[];
  resources?: string[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  patches?: { patch: string; target?: { kind?: string; name?: string } }[];
  configMapGenerator?: {
    name: string;
    files?: string[];
    options?: { labels?: Record<string, string> };
  }[];
}

type JsonPatch = { op: 'add' | 'replace'; path: string; value: unknown }[];
type Json = Record<string, unknown>;

const CLUSTER_SCOPED = new Set(['Namespace']);

/**
 * What `kubectl kustomize <dir>` renders, for the kustomization features deploy/ uses: resources
 * (files and directories), namespace, labels, images, configMapGenerator with files, JSON 6902
 * add/replace patches and strategic-merge patches of maps. Anything else throws, so an overlay that
 * starts using a feature this does not know fails the tests instead of being checked half-rendered.
 * (kubectl is not on every CI machine; deploy/README.md says how to compare with it.)
 */
export function kustomize(dir: string): Manifest[] {
  const kustomization = parse(read(join(dir, 'kustomization.yaml'))) as Kustomization;
  const known = [
    'apiVersion',
    'kind',
    'namespace',
    'labels',
    'resources',
    'images',
    'patches',
    'configMapGenerator',
  ];
  const unknown = Object.keys(kustomization).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw new Error(`${dir}: kustomize() does not render ${unknown}`);

  const objects = (kustomization.resources ?? []).flatMap((resource) => {
    const path = join(dir, resource);
    return statSync(path).isDirectory() ? kustomize(path) : readManifests(path);
  });
  for (const generator of kustomization.configMapGenerator ?? [])
    objects.push(generatedConfigMap(dir, generator));
  for (const { patch, target } of kustomization.patches ?? []) {
    const parsed = parse(patch) as JsonPatch | Manifest;
    if (Array.isArray(parsed)) {
      const targets = objects.filter(
        (o) =>
          (!target?.kind || o.kind === target.kind) &&
          (!target?.name || o.metadata.name === target.name),
      );
      if (targets.length === 0) throw new Error(`${dir}: a patch targets nothing`);
      for (const object of targets) applyJsonPatch(object, parsed);
    } else {
      const object = objects.find(
        (o) => o.kind === parsed.kind && o.metadata.name === parsed.metadata.name,
      );
      if (!object) throw new Error(`${dir}: no ${parsed.kind} ${parsed.metadata.name} to patch`);
      mergeInto(object, parsed);
    }
  }
  for (const object of objects) {
    setImages(object, kustomization.images ?? []);
    if (kustomization.namespace && !CLUSTER_SCOPED.has(object.kind))
      object.metadata.namespace = kustomization.namespace;
    for (const { pairs } of kustomization.labels ?? [])
      object.metadata.labels = { ...object.metadata.labels, ...pairs };
  }
  return objects;
}

/** Every object of a multi-document YAML file. */
export function readManifests(path: string): Manifest[] {
  return parseAllDocuments(read(path))
    .map((document) => document.toJSON() as Manifest | null)
    .filter((object): object is Manifest => object !== null);
}

/** The containers of a Deployment or Job (the only objects here that run images). */
export function containersOf(object: Manifest): { name: string; image: string }[] {
  const podSpec = (object.spec as { template?: { spec?: { containers?: [] } } } | undefined)
    ?.template?.spec;
  return podSpec?.containers ?? [];
}

function read(path: string): string {
  return readFileSync(path, 'utf8');
}

function generatedConfigMap(
  dir: string,
  generator: NonNullable<Kustomization['configMapGenerator']>[number],
): Manifest {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: generator.name, labels: { ...generator.options?.labels } },
    data: Object.fromEntries(
      (generator.files ?? []).map((file) => [basename(file), read(join(dir, file))]),
    ),
  };
}

function applyJsonPatch(object: Manifest, operations: JsonPatch): void {
  for (const { op, path, value } of operations) {
    if (op !== 'add' && op !== 'replace') throw new Error(`kustomize() does not apply "${op}"`);
    const keys = path.split('/').slice(1);
    const last = keys.pop()!;
    let node = object as Json;
    for (const key of keys) node = node[key] as Json;
    if (op === 'replace' && !(last in node)) throw new Error(`replace of a missing ${path}`);
    node[last] = value;
  }
}

/** A strategic merge of maps: nested maps merge, anything else (lists included) replaces. */
function mergeInto(target: Json, patch: Json): void {
  for (const [key, value] of Object.entries(patch)) {
    if (Array.isArray(value)) throw new Error(`kustomize() does not merge the list ${key}`);
    const current = target[key];
    if (isMap(value) && isMap(current)) mergeInto(current, value);
    else target[key] = value;
  }
}

function setImages(object: Manifest, images: NonNullable<Kustomization['images']>): void {
  for (const container of containersOf(object)) {
    const [name, tag] = splitImage(container.image);
    const rule = images.find((image) => image.name === name);
    if (!rule) continue;
    if (rule.digest) throw new Error('kustomize() does not pin digests');
    container.image = `${rule.newName ?? name}:${rule.newTag ?? tag}`;
  }
}

/** `registry/name:tag` into name and tag (a registry's port is not a tag). */
export function splitImage(image: string): [name: string, tag: string | undefined] {
  const colon = image.lastIndexOf(':');
  return colon > image.lastIndexOf('/')
    ? [image.slice(0, colon), image.slice(colon + 1)]
    : [image, undefined];
}

function isMap(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
