/**
 * What a refused request answers: the API's error envelope with this description (a string, or a
 * pattern) and, where there is one, the field named. For `expect(...).toEqual({ status, body })`.
 */
export function refusal(description: string | RegExp, field?: string) {
  return {
    error: expect.objectContaining({
      code: 'BAD_REQUEST_ERROR',
      description:
        typeof description === 'string' ? description : expect.stringMatching(description),
      ...(field ? { field } : {}),
    }),
  };
}
