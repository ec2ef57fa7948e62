import { readOpenMessage, tagged } from '../common/messages';

/**
 * The hosted checkout's form fields, as the gateway renders them into the page, read as checkout
 * options: `key_id` is the key, `prefill[name]` and `notes[…]` are bracketed, `method` picks the
 * method to start with.
 */
export function hostedOptionsInput(fields: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const notes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const bracketed = /^(\w+)\[(\w+)\]$/.exec(name);
    if (bracketed?.[1] === 'notes') notes[bracketed[2]] = value;
    else if (bracketed) input[`${bracketed[1]}.${bracketed[2]}`] = value;
    else if (name === 'key_id') input['key'] = value;
    else if (name === 'method' && typeof value === 'string') input['prefill.method'] = value;
    else input[name] = value;
  }
  if (Object.keys(notes).length > 0)
    input['notes'] = { ...(input['notes'] as object | undefined), ...notes };
  return input;
}

/** The options of the hosted checkout page, if this is it (the gateway renders them as JSON). */
export function embeddedOptions(document: Document): Record<string, unknown> | null {
  const element = document.getElementById('checkout-options');
  if (!element || element.getAttribute('type') !== 'application/json') return null;
  try {
    const fields: unknown = JSON.parse(element.textContent ?? '');
    if (typeof fields !== 'object' || fields === null) return {};
    return hostedOptionsInput(fields as Record<string, unknown>);
  } catch {
    return {};
  }
}

/**
 * In checkout.js's iframe: says it is ready, then takes the first `open` message of the page that
 * embeds it; replies go to that page's origin only.
 */
export function waitForOpen(onOpen: (options: unknown, parentOrigin: string) => void): void {
  const listener = (event: MessageEvent) => {
    if (event.source !== window.parent) return;
    const message = readOpenMessage(event.data);
    if (!message) return;
    window.removeEventListener('message', listener);
    onOpen(message.options, event.origin);
  };
  window.addEventListener('message', listener);
  // Nothing secret in "ready": the options come back only to this window.
  window.parent.postMessage(tagged({ type: 'ready' }), '*');
}
