const LEGAL_NAME = /^[a-zA-Z0-9._-]{1,249}$/;

/** Kafka's topic name rule, so names that production would refuse are refused in development too. */
export function isValidTopicName(name: string): boolean {
  return LEGAL_NAME.test(name) && name !== '.' && name !== '..';
}
