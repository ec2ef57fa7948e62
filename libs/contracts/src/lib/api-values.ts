/**
 * Values whose rules are libs/http's, which checks them on every request and describes them in the
 * OpenAPI document (tools/openapi gives these names the schemas libs/http exports).
 */

/** An entity's notes: the integrator's own key-value pairs (libs/http's NOTES_SCHEMA). */
export type Notes = Record<string, string | number>;

/** The code of a currency the platform accepts (libs/http's SUPPORTED_CURRENCIES). */
export type CurrencyCode = string;
