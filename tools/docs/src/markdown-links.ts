import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import MarkdownIt from 'markdown-it';

const parser = new MarkdownIt({ html: true });

/** A link of a Markdown file, and the first line of the paragraph, table or heading it is in. */
export interface MarkdownLink {
  target: string;
  line: number;
}

/** A link that does not hold, said so that the reader knows what to fix. */
export interface BrokenLink {
  file: string;
  line: number;
  target: string;
  problem: string;
}

/**
 * Links and images as CommonMark reads them (markdown-it: inline, reference-style and autolinks,
 * nothing inside code spans or blocks), plus `src`/`href` attributes of raw HTML.
 */
export function linksOf(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const block of parser.parse(markdown, {})) {
    const line = (block.map?.[0] ?? 0) + 1;
    if (block.type === 'html_block') links.push(...htmlLinks(block.content, line));
    for (const token of block.children ?? []) {
      if (token.type === 'link_open')
        links.push({ target: String(token.attrGet('href') ?? ''), line });
      if (token.type === 'image') links.push({ target: String(token.attrGet('src') ?? ''), line });
      if (token.type === 'html_inline') links.push(...htmlLinks(token.content, line));
    }
  }
  return links;
}

/** The anchors of a Markdown file's headings, as GitHub makes them (`## Two commands` → `two-commands`). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const tokens = parser.parse(markdown, {});
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const text = (tokens[index + 1]?.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    const slug = text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let unique = slug;
    for (let n = 1; anchors.has(unique); n++) unique = `${slug}-${n}`;
    anchors.add(unique);
  });
  return anchors;
}

/**
 * What is wrong with a link of `file` (an absolute path inside `root`), or null. Links with a
 * scheme (https:, mailto:) are the reader's to follow; every other link must name a file or folder
 * of the repository, relatively, and a `#fragment` into a Markdown file must name one of its headings.
 */
export function problemOf(root: string, file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const [path = '', fragment] = target.split('#', 2);
  if (path.startsWith('/') || isAbsolute(path))
    return 'an absolute path: write it relative to the file';
  const resolved = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
  const inside = relative(root, resolved);
  if (inside.startsWith('..') || isAbsolute(inside))
    return `leaves the repository (${inside.split(sep).join('/')}): link only files of the repository`;
  if (!existsSync(resolved)) return 'no such file or folder';
  if (fragment === undefined || fragment === '' || extname(resolved) !== '.md') return null;
  return anchorsOf(readFileSync(resolved, 'utf8')).has(fragment)
    ? null
    : `no heading "#${fragment}" in ${relative(root, resolved)}`;
}

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', 'tmp']);

/** Every Markdown file of the repository: its own documents, not dependencies, build output or dot folders. */
export function markdownFilesOf(root: string, folder = root): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (name.startsWith('.') || SKIPPED_FOLDERS.has(name)) return [];
    if (statSync(path).isDirectory()) return markdownFilesOf(root, path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The links of every Markdown file of the repository that do not hold. */
export function brokenLinks(root: string): BrokenLink[] {
  return markdownFilesOf(root).flatMap((file) =>
    linksOf(readFileSync(file, 'utf8')).flatMap(({ target, line }) => {
      const problem = problemOf(root, file, target);
      return problem === null ? [] : [{ file: relative(root, file), line, target, problem }];
    }),
  );
}

function htmlLinks(html: string, line: number): MarkdownLink[] {
  return [...html.matchAll(/\b(?:src|href)\s*=\s*["']([^"']*)["']/gi)].map((match) => ({
    target: match[1] ?? '',
    line,
  }));
}
