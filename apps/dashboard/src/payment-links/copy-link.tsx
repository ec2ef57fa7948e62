import { useState } from 'preact/hooks';

/** Copies the link's short_url for the merchant to send; says whether the browser let it. */
export function CopyLink({ url }: { url: string }) {
  const [said, setSaid] = useState('');
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => setSaid('Copied'),
      () => setSaid('Copy it from the address'),
    );
  return (
    <>
      <button type="button" class="secondary" onClick={() => void copy()}>
        Copy link
      </button>
      {said && <span role="status"> {said}</span>}
    </>
  );
}
