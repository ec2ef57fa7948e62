#!/usr/bin/env node
/**
 * Creates an Nx project with the workspace's conventions: project.json with tags, tsconfigs,
 * unit (`*.spec.ts`) and integration (`*.int.spec.ts`) jest configs, and the `@platform/<name>` alias.
 *
 *   node tools/scaffold/new-project.mjs lib <name> <type-tag>            e.g. lib event-store data-access
 *   node tools/scaffold/new-project.mjs app <name>                        e.g. app billing
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [kind, name, typeTag] = process.argv.slice(2);
if (!['lib', 'app'].includes(kind) || !name || (kind === 'lib' && !typeTag)) {
  console.error('usage: new-project.mjs lib <name> <type-tag> | app <name>');
  process.exit(2);
}
const root = join(import.meta.dirname, '..', '..');
const dir = `${kind === 'lib' ? 'libs' : 'apps'}/${name}`;
if (existsSync(join(root, dir, 'project.json'))) {
  console.error(`${dir} already exists`);
  process.exit(1);
}
mkdirSync(join(root, dir, 'src'), { recursive: true });
const write = (file, content) => writeFileSync(join(root, dir, file), content);
const json = (value) => JSON.stringify(value, null, 2) + '\n';

const tags = kind === 'lib' ? ['scope:shared', `type:${typeTag}`] : [`scope:${name}`, 'type:app'];
const targets = {
  test: {
    executor: '@nx/jest:jest',
    options: { jestConfig: `${dir}/jest.config.cjs`, passWithNoTests: true },
  },
  'test-int': {
    executor: '@nx/jest:jest',
    options: { jestConfig: `${dir}/jest.int.config.cjs`, runInBand: true, passWithNoTests: true },
  },
};
if (kind === 'app') {
  targets.build = {
    executor: 'nx:run-commands',
    outputs: [`{workspaceRoot}/dist/${dir}`],
    options: { command: `webpack --config ${dir}/webpack.config.cjs` },
  };
  write(
    'webpack.config.cjs',
    `module.exports = require('../../tools/build/webpack-app.cjs')(__dirname, '${name}');\n`,
  );
}
write(
  'project.json',
  json({
    name,
    $schema: '../../node_modules/nx/schemas/project-schema.json',
    sourceRoot: `${dir}/src`,
    projectType: kind === 'lib' ? 'library' : 'application',
    tags,
    targets,
  }),
);
write(
  'tsconfig.json',
  json({
    extends: '../../tsconfig.base.json',
    files: [],
    include: [],
    references: [{ path: './tsconfig.lib.json' }, { path: './tsconfig.spec.json' }],
  }),
);
write(
  'tsconfig.lib.json',
  json({
    extends: '../../tsconfig.base.json',
    compilerOptions: { outDir: '../../dist/out-tsc', types: ['node'] },
    include: ['src/**/*.ts'],
    exclude: ['src/**/*.spec.ts', 'test/**/*'],
  }),
);
write(
  'tsconfig.spec.json',
  json({
    extends: '../../tsconfig.base.json',
    compilerOptions: { outDir: '../../dist/out-tsc', types: ['jest', 'node'] },
    include: ['src/**/*.ts', 'test/**/*.ts'],
  }),
);
write(
  'jest.config.cjs',
  `/** Unit tests: pure code, no I/O. */\nmodule.exports = require('../../jest.preset.cjs').unitTests(__dirname, '${name}');\n`,
);
write(
  'jest.int.config.cjs',
  `/** Integration tests (add { postgres: true } for the embedded PostgreSQL). */\nmodule.exports = require('../../jest.preset.cjs').integrationTests(__dirname, '${name}:int');\n`,
);
if (kind === 'lib') {
  write('src/index.ts', '');
  const base = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8'));
  base.compilerOptions.paths[`@platform/${name}`] = [`./${dir}/src/index.ts`];
  base.compilerOptions.paths = Object.fromEntries(
    Object.entries(base.compilerOptions.paths).sort(),
  );
  writeFileSync(join(root, 'tsconfig.base.json'), json(base));
}
console.log(`created ${dir} (${tags.join(', ')})`);
