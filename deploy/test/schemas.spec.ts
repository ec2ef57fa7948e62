import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Manifest } from './kustomize';
import { kustomize, readManifests } from './kustomize';

const DEPLOY = join(__dirname, '..');

/**
 * Each object against the Kubernetes API's own schema of its kind (kubernetes-models: the API
 * server's and the CRDs' OpenAPI), as `kubectl apply --dry-run=server` would check it without a
 * cluster. What fails is named with the schema's complaint.
 */
function schemaProblems(objects: readonly Manifest[]): string[] {
  const output = execFileSync(process.execPath, [join(__dirname, 'validate-schemas.mjs')], {
    input: JSON.stringify(objects),
    encoding: 'utf8',
  });
  return JSON.parse(output) as string[];
}

describe('Every manifest against the Kubernetes API’s schema of its kind', () => {
  it.each(['overlays/dev', 'overlays/prod', 'monitoring'])('%s', (dir) => {
    expect(schemaProblems(kustomize(join(DEPLOY, dir)))).toEqual([]);
  });

  it('the topic provisioning Job and the example Secret', () => {
    const files = ['kafka/provision-topics-job.yaml', 'secret.example.yaml'];
    expect(schemaProblems(files.flatMap((file) => readManifests(join(DEPLOY, file))))).toEqual([]);
  });

  it('refuses a manifest the API server would refuse', () => {
    const broken = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'broken' },
      spec: { replicas: 'two', template: {} },
    } as unknown as Manifest;
    expect(schemaProblems([broken])).toEqual([expect.stringContaining('Deployment/broken')]);
  });
});
