import type { Session } from '../session/session';

/** A refusal of the public API, carrying its error envelope's description (shown as is). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    description: string,
    readonly field?: string,
  ) {
    super(description);
  }
}

export interface Collection<T> {
  entity: 'collection';
  count: number;
  items: T[];
}

export type Query = Record<string, string | number | undefined>;

/** The largest page the list endpoints give. */
export const PAGE_SIZE = 100;

/**
 * The dashboard's only way to the platform: same-origin calls to the public API (`/v1`), with the
 * signed-in key pair in a Basic `Authorization` header, exactly as an integrator's server calls it.
 */
export class ApiClient {
  constructor(private readonly session: Session) {}

  get<T>(path: string, query: Query = {}): Promise<T> {
    return this.request<T>('GET', `${path}${queryString(query)}`);
  }

  post<T>(path: string, body: unknown = {}): Promise<T> {
    return this.request<T>('POST', path, JSON.stringify(body), 'application/json');
  }

  patch<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('PATCH', path, JSON.stringify(body), 'application/json');
  }

  /** A multipart upload (documents): the browser writes the boundary into the content type. */
  upload<T>(path: string, form: FormData): Promise<T> {
    return this.request<T>('POST', path, form);
  }

  /** Every item of a list, page by page (`count`/`skip`), within the query's `from`/`to`. */
  async everyItem<T>(path: string, query: Query = {}): Promise<T[]> {
    const all: T[] = [];
    for (let skip = 0; ; skip += PAGE_SIZE) {
      const page = await this.get<Collection<T>>(path, { ...query, count: PAGE_SIZE, skip });
      all.push(...page.items);
      if (page.items.length < PAGE_SIZE) return all;
    }
  }

  private async request<T>(
    method: string,
    path: string,
    body?: BodyInit,
    contentType?: string,
  ): Promise<T> {
    const headers: Record<string, string> = { authorization: this.authorization() };
    if (contentType) headers['content-type'] = contentType;
    const response = await fetch(path, { method, headers, body, credentials: 'omit' });
    const answer = (await response.json().catch(() => null)) as unknown;
    if (!response.ok) throw refusal(response.status, answer);
    return answer as T;
  }

  private authorization(): string {
    return `Basic ${btoa(`${this.session.keyId}:${this.session.keySecret}`)}`;
  }
}

function queryString(query: Query): string {
  const entries = Object.entries(query).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
  );
  return entries.length === 0
    ? ''
    : `?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)]))}`;
}

function refusal(status: number, answer: unknown): ApiError {
  const error = (answer as { error?: { description?: unknown; field?: unknown } } | null)?.error;
  const description =
    typeof error?.description === 'string'
      ? error.description
      : `The API answered ${status} without an explanation.`;
  return new ApiError(
    status,
    description,
    typeof error?.field === 'string' ? error.field : undefined,
  );
}
