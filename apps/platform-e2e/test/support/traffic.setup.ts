import axios from 'axios';
import type { AxiosResponse } from 'axios';
import { parseBody, recordExchange } from './traffic-recorder';

/**
 * Every spec file's calls of the public API are recorded (see recordExchange): fetch is wrapped, and
 * so is every axios instance made from now on (the official SDK makes its own with axios.create).
 */
const baseFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const response = await baseFetch(input, init);
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  const text = await response.clone().text();
  recordExchange({
    method: (init?.method ?? 'GET').toUpperCase(),
    url: `${url.pathname}${url.search}`,
    requestBody: typeof init?.body === 'string' ? parseBody(init.body) : undefined,
    requestIsJson: init?.body === undefined || typeof init.body === 'string',
    status: response.status,
    responseBody: parseBody(text),
  });
  return response;
};

const create = axios.create.bind(axios);
axios.create = (config) => {
  const instance = create(config);
  const record = (response: AxiosResponse) => {
    // The path as it went on the wire (the SDK serialises its own query parameters).
    const sent = (response.request as { path?: string } | undefined)?.path;
    const url = new URL(sent ?? instance.getUri(response.config), 'http://x');
    const data: unknown = response.config.data;
    recordExchange({
      method: (response.config.method ?? 'get').toUpperCase(),
      url: `${url.pathname}${url.search}`,
      // A multipart upload (documents) is not JSON: only its answer is checked.
      requestBody: typeof data === 'string' ? parseBody(data) : undefined,
      requestIsJson: data === undefined || typeof data === 'string',
      status: response.status,
      responseBody: response.data,
    });
  };
  instance.interceptors.response.use(
    (response) => (record(response), response),
    (error: { response?: AxiosResponse }) => {
      if (error.response) record(error.response);
      return Promise.reject(error);
    },
  );
  return instance;
};
