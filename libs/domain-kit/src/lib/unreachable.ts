/** For the `default` branch of an exhaustive switch: fails to compile when a case is missing. */
export function assertUnreachable(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
