import nx from '@nx/eslint-plugin';
// Formatting is Prettier's (.prettierrc): the recommended config turns off ESLint's style rules and
// reports any file Prettier would change as a lint error (`prettier/prettier`).
import prettierRecommended from 'eslint-plugin-prettier/recommended';
import workspaceRules from './tools/workspace/aggregate-leaves.mjs';

/**
 * Module boundaries (STYLE.md section 9): services never import each other; shared libs depend only
 * on shared libs; domain code stays free of frameworks and infrastructure; production code never
 * imports the testing lib (tests may).
 */
const SERVICES = ['gateway', 'billing', 'payments', 'settlements', 'webhooks'];

const scopeConstraints = [
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  ...SERVICES.map((service) => ({
    sourceTag: `scope:${service}`,
    onlyDependOnLibsWithTags: [`scope:${service}`, 'scope:shared'],
  })),
  { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['scope:shared', 'scope:tools'] },
];

const typeConstraints = [
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: [
      'type:data-access',
      'type:contracts',
      'type:domain-kit',
      'type:util',
    ],
  },
  {
    sourceTag: 'type:data-access',
    onlyDependOnLibsWithTags: [
      'type:data-access',
      'type:contracts',
      'type:domain-kit',
      'type:util',
    ],
  },
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:domain-kit', 'type:util'] },
  { sourceTag: 'type:domain-kit', onlyDependOnLibsWithTags: ['type:util'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
  {
    sourceTag: 'type:testing',
    onlyDependOnLibsWithTags: [
      'type:testing',
      'type:data-access',
      'type:contracts',
      'type:domain-kit',
      'type:util',
    ],
  },
];

const bannedImports = [
  {
    sourceTag: 'type:domain-kit',
    bannedExternalImports: [
      '@nestjs/*',
      'typeorm',
      'kafkajs',
      'pg',
      'class-validator',
      'class-transformer',
    ],
  },
  { sourceTag: 'type:contracts', bannedExternalImports: ['@nestjs/*', 'typeorm', 'kafkajs', 'pg'] },
  { sourceTag: 'type:util', bannedExternalImports: ['@nestjs/*', 'typeorm', 'kafkajs', 'pg'] },
];

const boundaries = (depConstraints) => [
  'error',
  { enforceBuildableLibDependency: true, allow: [], depConstraints },
];

const TEST_FILES = ['**/*.spec.ts', '**/test/**/*.ts', '**/bench/**/*.ts', '**/*.fixtures.ts'];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  prettierRecommended,
  {
    ignores: [
      '**/dist',
      '**/node_modules',
      '**/.nx',
      '**/tmp',
      '**/coverage',
      '**/.data',
      // generated from the TypeScript types, and compared with them by a test (npm run contracts:schemas)
      '**/src/lib/generated',
    ],
  },
  {
    files: ['**/*.ts'],
    // With decorator metadata, a class used only as a constructor parameter type is still needed at
    // runtime (Nest's dependency injection reads it): the type-import rule must know.
    languageOptions: {
      parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true },
    },
    rules: {
      '@nx/enforce-module-boundaries': boundaries([
        ...scopeConstraints,
        ...typeConstraints,
        ...bannedImports,
      ]),
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Production files never import the testing libs. (A tag rule cannot say this: Nx's project graph
    // also counts the imports of spec files, so every lib "depends" on them transitively.)
    files: ['**/*.ts'],
    ignores: [...TEST_FILES, 'libs/testing-core/**', 'libs/service-testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@platform/testing-core', '@platform/service-testing'],
              message: 'The testing libs are for tests only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Deciders stay pure: no framework, no infrastructure, no contracts, no clock or randomness.
    files: ['**/*.decider.ts', '**/*.events.ts', '**/*.commands.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@nestjs/*',
                'typeorm',
                'kafkajs',
                'pg',
                'class-validator',
                'class-transformer',
              ],
              message: 'Deciders are pure: no framework or infrastructure imports.',
            },
            {
              group: ['@platform/*', '!@platform/domain-kit'],
              message: 'Deciders may import only @platform/domain-kit and sibling domain files.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Time comes in through the command metadata (metadata.now).',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Time comes in through the command metadata (metadata.now).',
        },
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: 'Ids and randomness are generated at the edge.',
        },
      ],
    },
  },
  {
    // Aggregate folders are leaves: no sibling aggregate, no flow (tools/workspace/aggregate-leaves.mjs).
    files: ['apps/*/src/**/*.ts'],
    ignores: TEST_FILES,
    plugins: { workspace: workspaceRules },
    rules: { 'workspace/aggregate-leaves': 'error' },
  },
  {
    // Tests keep every scope rule, and may also use the testing lib.
    files: TEST_FILES,
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@nx/enforce-module-boundaries': boundaries([
        ...scopeConstraints,
        ...typeConstraints.map((c) => ({
          ...c,
          onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'type:testing'],
        })),
        ...bannedImports,
      ]),
    },
  },
];
