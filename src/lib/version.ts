/** The version label of the spec. */
export const APP_VERSION = 'V2.0.1';
