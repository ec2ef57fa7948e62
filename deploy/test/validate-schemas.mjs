// Validates Kubernetes objects (a JSON array on stdin) against the API's schema of their kind and
// prints the problems as a JSON array. A separate ES module: kubernetes-models ships as ES modules
// only, which the jest run (CommonJS) cannot load; schemas.spec.ts runs this with node.
import {
  PrometheusRule,
  ServiceMonitor,
} from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';

const MODELS = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'monitoring.coreos.com/v1/ServiceMonitor': ServiceMonitor,
  'monitoring.coreos.com/v1/PrometheusRule': PrometheusRule,
};

let input = '';
for await (const chunk of process.stdin) input += chunk;
const problems = JSON.parse(input).flatMap((object) => {
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model)
    return [`${object.apiVersion}/${object.kind} ${object.metadata.name}: no schema known`];
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [`${object.kind}/${object.metadata.name}: ${error.message}`];
  }
});
process.stdout.write(JSON.stringify(problems));
