type Json = Record<string, unknown>;

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `/docs/events`: the AsyncAPI document as a page (topics, their messages and each payload's JSON
 * Schema), rendered here from the document itself: no script, nothing from a CDN.
 */
export function eventsPage(document: Json): string {
  const channels = document['channels'] as Record<string, Json>;
  const components = document['components'] as { messages: Record<string, Json>; schemas: Json };
  const sections = Object.values(channels).map((channel) => {
    const messages = Object.keys(channel['messages'] as Json).map((name) => {
      const message = components.messages[name];
      const schema = components.schemas[name];
      return `<details><summary><code>${escape(String(message['title']))}</code> — ${escape(name)}</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>`;
    });
    return `<section><h2><code>${escape(String(channel['address']))}</code></h2><p>${escape(String(channel['description']))}</p>${messages.join('')}</section>`;
  });
  const info = document['info'] as Json;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(String(info['title']))}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}pre{background:#f6f8fa;padding:1rem;overflow:auto;font-size:12px}summary{cursor:pointer;margin:.3rem 0}section{border-top:1px solid #ddd;margin-top:1.5rem}</style>
</head><body><h1>${escape(String(info['title']))} <small>${escape(String(info['version']))}</small></h1>
<p>${escape(String(info['description']))}</p>
<p>Machine-readable: <a href="/docs/asyncapi.json">/docs/asyncapi.json</a> (AsyncAPI ${escape(String(document['asyncapi']))}).</p>
${sections.join('\n')}
</body></html>`;
}
