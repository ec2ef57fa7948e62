/**
 * `Content-Disposition: attachment` naming a file whose name is user data (RFC 6266): an ASCII
 * `filename="…"` every client reads, and, when the name is not that, the exact name UTF-8 encoded in
 * `filename*=UTF-8''…` (RFC 8187, formerly 5987), which browsers prefer. A raw name outside Latin-1
 * cannot go into a header at all (Node refuses it), and control characters must not.
 *
 * Written here rather than taken from jshttp's `content-disposition`: the workspace has that package
 * only as a dependency of @fastify/static, untyped, and this is the whole of what it would do here.
 */

/** C0 and C1 control characters and DEL: replaced by `_` in the name itself, in both forms. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** What the quoted ASCII fallback cannot hold: anything but printable ASCII, `"` and `\`. */
const NOT_FALLBACK = /[^\u0020-\u007e]|["\\]/gu;
/** RFC 8187 attr-char: sent as is in `filename*`, every other UTF-8 byte percent-encoded. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;

export function attachmentDisposition(name: string): string {
  const shown = name.replace(CONTROL, '_');
  const fallback = shown.replace(NOT_FALLBACK, '_');
  const header = `attachment; filename="${fallback}"`;
  return fallback === shown ? header : `${header}; filename*=UTF-8''${percentEncoded(shown)}`;
}

function percentEncoded(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}
