import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * Aggregate folders are leaves (STYLE.md §3): a service's folder that holds a decider imports no
 * sibling aggregate folder and no flow. A use case that writes more than one stream is a flow
 * (`flows/`), which imports the aggregates it writes; never the reverse, so no slice reaches back up
 * into another and there is one place to read each use case.
 *
 * One exception, the read side: another aggregate's read model may be read (its `*.query.ts`, its
 * `*.entity.ts` row type and its `dtos/*.response.ts` shape), as `GET /orders/:id/payments` shows the
 * order's payments. Those carry no rules and write nothing.
 */
const READ_SIDE = /(\.query|\.entity|\/dtos\/[^/]+\.response)(\.ts)?$/;

const aggregateFolders = new Map();

/** Whether this folder of a service holds a decider (an aggregate's slice). */
function isAggregateFolder(folder) {
  let known = aggregateFolders.get(folder);
  if (known === undefined) {
    known = existsSync(folder) && readdirSync(folder).some((f) => f.endsWith('.decider.ts'));
    aggregateFolders.set(folder, known);
  }
  return known;
}

/** The service's src folder and the top folder under it that holds `file`, if any. */
function sliceOf(file) {
  const parts = file.split(sep);
  const apps = parts.lastIndexOf('apps');
  if (apps < 0 || parts[apps + 2] !== 'src' || parts.length < apps + 5) return null;
  return { src: parts.slice(0, apps + 3).join(sep), folder: parts[apps + 3] };
}

export const aggregateLeaves = {
  meta: {
    type: 'problem',
    docs: { description: 'Aggregate folders import no sibling aggregate folder and no flow.' },
    schema: [
      {
        type: 'object',
        properties: { flowFolders: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      sibling:
        "Aggregate folders are leaves: '{{from}}' may not import '{{to}}' (another aggregate). A use case that writes both is a flow in flows/; a pure helper both need goes to common/.",
      flow: "Aggregate folders are leaves: '{{from}}' may not import '{{to}}'. Flows import aggregates, never the reverse: start the flow from flows/ (its route, job or consumer).",
    },
  },
  create(context) {
    const flowFolders = new Set(context.options[0]?.flowFolders ?? ['flows']);
    const file = context.filename;
    const source = sliceOf(file);
    if (!source || !isAggregateFolder(join(source.src, source.folder))) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec);
      const inSrc = relative(source.src, target).split(sep);
      if (inSrc[0] === '..' || inSrc.length < 2 || inSrc[0] === source.folder) return;
      const folder = inSrc[0];
      const to = inSrc.join('/');
      if (flowFolders.has(folder))
        context.report({ node, messageId: 'flow', data: { from: source.folder, to } });
      else if (isAggregateFolder(join(source.src, folder)) && !READ_SIDE.test(to))
        context.report({ node, messageId: 'sibling', data: { from: source.folder, to } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default { rules: { 'aggregate-leaves': aggregateLeaves } };
