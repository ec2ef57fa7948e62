/**
 * An entity's notes: the integrator's own key-value pairs. Their rules (how many, how long) are
 * libs/http's, which checks them on every request and describes them in the OpenAPI document.
 */
export type Notes = Record<string, string | number>;
