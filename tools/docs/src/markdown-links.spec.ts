import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anchorsOf, brokenLinks, linksOf, problemOf } from './markdown-links';

describe('the links of a Markdown file', () => {
  it('are its inline, reference-style and image links, with their lines', () => {
    const markdown =
      'Intro [guide](docs/guide.md#setup).\n\n![chart](img/chart.png)\n\nSee [the spec][spec].\n\n[spec]: ../spec.md\n';
    expect(linksOf(markdown)).toEqual([
      { target: 'docs/guide.md#setup', line: 1 },
      { target: 'img/chart.png', line: 3 },
      { target: '../spec.md', line: 5 },
    ]);
  });

  it('are found in tables and raw HTML, and never in code', () => {
    const markdown = [
      '| page | link |',
      '|---|---|',
      '| a | [b](b.md) |',
      '',
      '<img src="pic.png">',
      '',
      'Inline `[not](a-link.md)` code.',
      '',
      '```',
      '[nor](this.md)',
      '```',
    ].join('\n');
    expect(linksOf(markdown).map((link) => link.target)).toEqual(['b.md', 'pic.png']);
  });
});

describe("a Markdown file's anchors", () => {
  it('are its headings as GitHub names them, code and punctuation included, repeats numbered', () => {
    const markdown =
      '# Two commands\n\n## `npm start`, then tests\n\n## Read-your-writes\n\n## FAQ\n\n## FAQ\n';
    expect([...anchorsOf(markdown)]).toEqual([
      'two-commands',
      'npm-start-then-tests',
      'read-your-writes',
      'faq',
      'faq-1',
    ]);
  });
});

describe('a link', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'markdown-links-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'README.md'), '# Platform\n\n## Architecture\n');
    writeFileSync(join(root, 'docs', 'guide.md'), '# Guide\n\n[home](../README.md#architecture)\n');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const from = (target: string) => problemOf(root, join(root, 'docs', 'guide.md'), target);

  it('holds when it names a file or folder of the repository, and a heading of a Markdown file', () => {
    expect(from('../README.md')).toBeNull();
    expect(from('../README.md#architecture')).toBeNull();
    expect(from('./')).toBeNull();
    expect(from('#guide')).toBeNull();
  });

  it('with a scheme is left to the reader', () => {
    expect(from('https://example.com/nowhere')).toBeNull();
    expect(from('mailto:ops@example.com')).toBeNull();
  });

  it('fails when the file is missing or the heading is not there', () => {
    expect(from('missing.md')).toBe('no such file or folder');
    expect(from('../README.md#workspace')).toBe('no heading "#workspace" in README.md');
  });

  it('fails when it leaves the repository, as a link to notes beside it would', () => {
    expect(from('../../outside/NOTES.md')).toMatch(
      /^leaves the repository \(\.\.\/outside\/NOTES\.md\)/,
    );
  });

  it('fails when it is an absolute path', () => {
    expect(from(join(root, 'README.md'))).toMatch(/^an absolute path/);
    expect(from('/README.md')).toMatch(/^an absolute path/);
  });

  it('is reported with its file, line and problem', () => {
    writeFileSync(join(root, 'docs', 'bad.md'), '# Bad\n\nSee [design](../../outside/NOTES.md).\n');
    expect(brokenLinks(root)).toEqual([
      {
        file: join('docs', 'bad.md'),
        line: 3,
        target: '../../outside/NOTES.md',
        problem: expect.stringMatching(/^leaves the repository/),
      },
    ]);
  });
});
