import { useState } from 'preact/hooks';
import type { ApiClient } from '../api/api-client';
import type { Dispute } from '../api/entities';
import type { Action } from '../ui/use-action';
import { CONTEST_CATEGORIES } from './evidence-categories';

interface ContestFormProps {
  api: ApiClient;
  dispute: Dispute;
  action: Action;
}

/** Evidence goes up as a document (`POST /v1/documents`), then the contest names it and submits. */
export function ContestForm({ api, dispute, action }: ContestFormProps) {
  const [summary, setSummary] = useState('');
  const [category, setCategory] = useState<string>(CONTEST_CATEGORIES[0]);
  const [file, setFile] = useState<File | null>(null);
  const contest = async () => {
    const evidence: Record<string, unknown> = { summary, action: 'submit' };
    if (file) {
      const form = new FormData();
      form.append('purpose', 'dispute_evidence');
      form.append('file', file);
      const document = await api.upload<{ id: string }>('/v1/documents', form);
      // `others` names what its documents are; every other category is a plain list of documents.
      evidence[category] =
        category === 'others' ? [{ type: 'other', document_ids: [document.id] }] : [document.id];
    }
    await api.patch(`/v1/disputes/${dispute.id}/contest`, evidence);
  };
  return (
    <form
      class="inline contest"
      onSubmit={(event) => {
        event.preventDefault();
        void action.run(contest);
      }}
    >
      <input
        aria-label="Summary"
        placeholder="Why the charge is right"
        value={summary}
        onInput={(event) => setSummary(event.currentTarget.value)}
      />
      <select
        aria-label="Evidence kind"
        value={category}
        onChange={(e) => setCategory(e.currentTarget.value)}
      >
        {CONTEST_CATEGORIES.map((value) => (
          <option key={value} value={value}>
            {value.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
      <input
        aria-label="Evidence file"
        type="file"
        accept="application/pdf,image/png,image/jpeg"
        onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
      />
      <button type="submit" disabled={action.busy}>
        Contest
      </button>
    </form>
  );
}
