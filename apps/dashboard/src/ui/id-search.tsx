import { useState } from 'preact/hooks';

interface IdSearchProps {
  label: string;
  placeholder: string;
  onSearch: (id: string) => void;
}

/** Finding one entity by its id: the page for that id says whether the API has it. */
export function IdSearch({ label, placeholder, onSearch }: IdSearchProps) {
  const [id, setId] = useState('');
  return (
    <form
      class="search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (id.trim()) onSearch(id.trim());
      }}
    >
      <input
        aria-label={label}
        placeholder={placeholder}
        value={id}
        onInput={(event) => setId(event.currentTarget.value)}
      />
      <button type="submit">Find</button>
    </form>
  );
}
