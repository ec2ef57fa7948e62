/** The API's own words for a refusal (its error envelope's description), where the user is looking. */
export function ErrorMessage({ error }: { error: Error | undefined }) {
  return error ? (
    <p class="error" role="alert">
      {error.message}
    </p>
  ) : null;
}
