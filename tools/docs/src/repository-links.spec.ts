import { join } from 'node:path';
import { brokenLinks, markdownFilesOf } from './markdown-links';

const root = join(__dirname, '..', '..', '..');

describe("the repository's Markdown files", () => {
  it('include the README, the contributing guide, the docs and the READMEs of deploy, patches and libs', () => {
    const files = markdownFilesOf(root).map((file) => file.slice(root.length + 1));
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'CONTRIBUTING.md',
        'docs/api-guide.md',
        'deploy/README.md',
        'patches/README.md',
        'libs/embedded-kafka/README.md',
      ]),
    );
  });

  it('link only files and headings that exist inside the repository', () => {
    expect(brokenLinks(root)).toEqual([]);
  });
});
